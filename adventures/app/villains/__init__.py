"""Each villain's part of the board picture (adventures/app/board_layers.py): one module per
villain registers its layer on import; board_layers lists this package to find them."""
