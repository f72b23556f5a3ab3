"""The methods, one module per published algorithm; each registers its methods in segcore.methods on import."""
from ..methods import METHODS
from . import bayesseg, best, c99, framework, lda, sentence_tiling, simon, texttiling, utiyama  # noqa: F401

# the order in which the CLI and the app list them: the default first, then the framework, then by family
ORDER = ("best", "cvs", "euclidean", "oc99", "c99", "ui", "bayesseg", "simon", "texttiling", "sentence-tiling", "lda")
for _name in ORDER:
    METHODS[_name] = METHODS.pop(_name)
