try:        # Ctrl-C while the modules load is an interrupt too (exit 130), not a traceback
    from adventures.cli import main
except KeyboardInterrupt:
    raise SystemExit(130) from None

raise SystemExit(main())
