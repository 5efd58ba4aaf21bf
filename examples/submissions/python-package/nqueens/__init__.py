"""nqueens: the search of the python-package submission."""

from .solver import solutions

__all__ = ["solutions"]
