"""tansuo (探索, "search"): heuristic search, readable and fast.

The generic engine lives in :mod:`tansuo.search`; each puzzle or game has its own
package (``tansuo.graph``, ``tansuo.sudoku``, ...) with a fast numba path.
"""

from tansuo.errors import InvalidInput, TansuoError

__version__ = "0.1.0"

__all__ = ["InvalidInput", "TansuoError", "__version__"]
