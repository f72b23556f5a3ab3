"""segcore: linear text segmentation — representations, scores, splitters, published algorithms, metrics, loaders.

Importing segcore registers every method of segcore.algorithms in the registry (segcore.methods.METHODS)."""
from . import algorithms  # noqa: F401  (registers the methods)
from .document import Document
from .errors import InputError, MissingDependencyError, ParameterError, SegcoreError
from .methods import METHODS, Segmentation, Signal, get_method, segment
from .metrics import boundary_prf, evaluate, pk, windowdiff

__all__ = ["Document", "SegcoreError", "InputError", "ParameterError", "MissingDependencyError", "METHODS",
           "Segmentation", "Signal", "get_method", "segment", "pk", "windowdiff", "boundary_prf", "evaluate"]
__version__ = "0.1.0"
