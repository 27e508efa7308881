from adventures.cli import main

raise SystemExit(main())
