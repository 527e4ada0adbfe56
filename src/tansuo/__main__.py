import sys

from tansuo.cli import main

sys.exit(main())
