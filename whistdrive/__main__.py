"""python -m whistdrive: the same as the whistdrive command."""

import sys

from whistdrive.cli import main

sys.exit(main())
