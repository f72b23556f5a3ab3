"""segcore: linear text segmentation — representations, scores, splitters, published algorithms, metrics, loaders."""
from .document import Document
from .errors import InputError, MissingDependencyError, ParameterError, SegcoreError
from .methods import METHODS, Segmentation, get_method, segment
from .metrics import boundary_prf, evaluate, pk, windowdiff

__all__ = ["Document", "SegcoreError", "InputError", "ParameterError", "MissingDependencyError", "METHODS",
           "Segmentation", "get_method", "segment", "pk", "windowdiff", "boundary_prf", "evaluate"]
__version__ = "0.1.0"
