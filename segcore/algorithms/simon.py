"""Simon, Gravier & Sébillot (2013), "Un modèle segmental probabiliste combinant cohésion lexicale et rupture
lexicale pour la segmentation thématique", TALN: Utiyama & Isahara's lexical cohesion plus a lexical-disruption
term between adjacent segments, decoded exactly on a (position, segment length) lattice.

Objective (their eq 7), written as a cost to minimise:

    C(S) = Σ_i σ(S_i)  +  gamma · Σ_{i≥2} Δ(W_{i−1}, W_i)  +  lam · m · ln n,     Δ = 1 / (1 − cos(v_{i−1}, v_i))

σ(S_i) = −ln P[W_i|S_i], the Utiyama–Isahara segment cost (segcore.algorithms.utiyama.UIScore, shared, not
copied); v_i = tf-idf vector of segment i (summed word counts × idf, idf_w = ln(N / df_w) over the document's N
elements); n = number of words; m = number of segments. Δ grows as adjacent segments look alike (cos → 1): a
boundary between two similar segments is penalised. cos is clipped to ≤ 1 − 1e−6 (Δ ≤ 10⁶) so that identical
neighbours stay finite; a segment whose tf-idf vector is zero has cos = 0 (Δ = 1).

Decoding (their Algorithm 1): a lattice state is (end position m, length ℓ of the segment ending at m), with
lmin ≤ ℓ ≤ lmax; the predecessor is any state (m − ℓ, ℓ'), and Δ needs both lengths, hence O(N·lmax²) work,
vectorised over (ℓ, ℓ') for each m. Inner products of segment vectors come from a 2-D prefix sum of the
element Gram matrix (8·(N+1)² bytes: 34 MB at N = 2,064).

K given: exact DP over (segment count, position, length), vectorised over (count, ℓ, ℓ') for each position,
when K·N·lmax² is small enough (every Choi document); beyond that, a Lagrangian search on the per-segment
penalty with the automatic lattice, finished by greedy merges when no penalty yields exactly K (signals say so).

With gamma = 0 both decoders reproduce the `ui` segmentation exactly (same costs, same tie-breaking: the
leftmost boundary wins), provided lmin = 1 and lmax ≥ the longest segment.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

from ..document import level_noun
from ..errors import ParameterError
from ..methods import STOPWORDS, Method, Param, Signal, register_method
from ..representations import gram_band
from ..scores import BandSums
from .utiyama import LAM, UIScore, ui_score

COS_MAX = 1.0 - 1e-6
LMAX_AUTO = 200          # default lmax with K automatic: min(N, LMAX_AUTO); with K given min(N, max(LMAX_K, 5·N/K))
LMAX_K = 50
EXACT_BUDGET = 2e8       # K·N·lmax² above which K given uses the Lagrangian search
PASS_CELLS = 5e6         # N·lmax² of one lattice pass above which elements are pooled in blocks


class Disruption:
    """Δ(a, b, c) = 1 / (1 − cos(v[a:b], v[b:c])) for segments [a, b) and [b, c) of the rows of `weighted` (tf-idf),
    from block sums of their Gram matrix on a band of `width` (2·lmax covers two adjacent segments):
    v·w = (B(a, c) − B(a, b) − B(b, c)) / 2."""

    def __init__(self, weighted: sp.csr_matrix, width: int):
        n = weighted.shape[0]
        self.block = BandSums(gram_band(weighted, width))
        self.n = n
        self.tol = 64 * np.finfo(float).eps * max(1.0, float(abs(self.block(0, n))))

    def _cos(self, dot, n1, n2):
        ok = (n1 > self.tol) & (n2 > self.tol)
        cos = np.divide(dot, np.sqrt(np.where(ok, n1 * n2, 1.0)))
        return np.clip(np.where(ok, cos, 0.0), 0.0, COS_MAX)

    def cos(self, a, b, c):
        n1, n2 = self.block(a, b), self.block(b, c)
        return self._cos((self.block(a, c) - n1 - n2) / 2.0, n1, n2)

    def __call__(self, a, b, c):
        return 1.0 / (1.0 - self.cos(a, b, c))

    def prepare(self, lmax: int) -> "Disruption":
        """Table of squared norms |v[e−ℓ:e]|² for every end e and length ℓ ≤ lmax (speeds up `lattice_row`)."""
        e = np.arange(self.n + 1)[:, None]
        self.norms = self.block(np.maximum(e - np.arange(lmax + 1)[None, :], 0), e)
        self.kept = {}  # lattice rows by (m, l, ℓ'): at most N·lmax² ≤ PASS_CELLS cells, as `pooling` keeps a pass
        return self

    def lattice_row(self, m: int, l: np.ndarray, lp: np.ndarray) -> np.ndarray:
        """Δ(l − ℓ', l, m) for every previous end l (rows) and previous length ℓ' (columns); = __call__. Kept for the
        next lattice pass, which asks for the same rows (lagrangian_k's penalty search)."""
        key = (m, int(l[0]), len(l), int(lp[0]), len(lp))
        if key not in self.kept:
            self.kept[key] = self._lattice_row(m, l, lp)
        return self.kept[key]

    def _lattice_row(self, m: int, l: np.ndarray, lp: np.ndarray) -> np.ndarray:
        back = np.minimum((m - l)[:, None] + lp[None, :], m)  # m − a for the start a = max(l − ℓ', 0)
        whole = self.block(m - np.arange(int(back.max()) + 1), m)[back]  # B(a, m): one per distance, then read
        n1 = self.norms[l[:, None], lp[None, :]]
        n2 = self.norms[m, m - l][:, None]
        return 1.0 / (1.0 - self._cos((whole - n1 - n2) / 2.0, n1, n2))


# ---- lattice decoders --------------------------------------------------------------------------------------------

def lattice_auto(score: UIScore, dis: Disruption, gamma: float, penalty: float, lmin: int, lmax: int):
    """min Σσ + gamma·ΣΔ + penalty·m over segmentations with lmin ≤ lengths ≤ lmax (Simon et al. 2013, Alg. 1)."""
    n, L = score.n, lmax
    d = np.full((n + 1, L + 1), np.inf)     # d[m, ℓ]: best cost of a prefix ending with segment [m−ℓ, m), its
    back = np.zeros((n + 1, L + 1), dtype=np.int64)  # own penalty not yet added; back = length ℓ' before it
    lp = np.arange(L, 0, -1)                # ℓ' in decreasing order: argmin's first hit = leftmost boundary
    for m in range(lmin, n + 1):
        start = max(0, m - L)
        sig = score.row(m, start)
        ells = np.arange(lmin, min(L, m) + 1)
        l = m - ells
        if m <= L:                          # the first segment [0, m)
            d[m, m] = 0.0 + sig[0]
        inner_rows = (l >= lmin)
        if not inner_rows.any():
            continue
        ells, l = ells[inner_rows], l[inner_rows]
        prev = d[l[:, None], lp[None, :]]   # (A, L)
        if gamma:
            prev = prev + gamma * dis.lattice_row(m, l, lp)
        arg = prev.argmin(axis=1)
        best = prev[np.arange(len(l)), arg]
        d[m, ells] = (best + penalty) + sig[l - start]
        back[m, ells] = lp[arg]
    return _trace(d, back, n, L)


def _trace(d, back, n, L):
    lens = np.arange(L, 0, -1)
    row = d[n, lens]
    if not np.isfinite(row).any():
        raise ParameterError("no segmentation satisfies the length limits lmin/lmax for this text")
    ell = int(lens[int(np.argmin(row))])
    value = float(row.min())
    bounds, m = [], n
    while m > 0:
        bounds.append(m)
        ell, m = int(back[m, ell]), m - ell
    return bounds[::-1], value


def lattice_k(score: UIScore, dis: Disruption, gamma: float, k: int, lmin: int, lmax: int):
    """Exact min Σσ + gamma·ΣΔ over segmentations into exactly k segments: DP over (count, position, length)."""
    n, L = score.n, lmax
    d = np.full((k + 1, n + 1, L + 1), np.inf)
    back = np.zeros((k + 1, n + 1, L + 1), dtype=np.int32)
    lp = np.arange(L, 0, -1)
    for m in range(lmin, n + 1):
        start = max(0, m - L)
        sig = score.row(m, start)
        if m <= L:
            d[1, m, m] = 0.0 + sig[0]
        if k == 1:
            continue
        ells = np.arange(lmin, min(L, m) + 1)
        l = m - ells
        keep = l >= lmin
        ells, l = ells[keep], l[keep]
        if not len(l):
            continue
        jmax = min(k, m // lmin)
        if jmax < 2:
            continue
        prev = d[1:jmax, l[:, None], lp[None, :]]          # (J, A, L): counts 1 … jmax−1 before this segment
        if gamma:
            prev = prev + gamma * dis.lattice_row(m, l, lp)[None]
        arg = prev.argmin(axis=2)
        best = np.take_along_axis(prev, arg[..., None], axis=2)[..., 0]
        d[2:jmax + 1, m, ells] = best + sig[l - start][None, :]
        back[2:jmax + 1, m, ells] = lp[arg]
    lens = np.arange(L, 0, -1)
    row = d[k, n, lens]
    if not np.isfinite(row).any():
        raise ParameterError(f"no segmentation into K = {k} segments satisfies lmin/lmax for this text")
    ell = int(lens[int(np.argmin(row))])
    value = float(row.min())
    bounds, m, j = [], n, k
    while m > 0:
        bounds.append(m)
        ell, m, j = int(back[j, m, ell]), m - ell, j - 1
    return bounds[::-1], value


def objective(score: UIScore, dis: Disruption, gamma: float, bounds) -> tuple[float, float]:
    """(Σσ, ΣΔ) of a segmentation."""
    ends = np.asarray(bounds)
    starts = np.concatenate([[0], ends[:-1]])
    data = float(score.parts(starts, ends).sum())
    disr = float(dis(starts[:-1], ends[:-1], ends[1:]).sum()) if len(ends) > 1 else 0.0
    return data, disr


def _merge_to(score, dis, gamma, bounds, k, lmax):
    """Greedy merges of adjacent segments (least increase of Σσ + gamma·ΣΔ) until k segments remain."""
    b = list(bounds)
    while len(b) > k:
        e = np.asarray(b)
        s = np.concatenate([[0], e[:-1]])
        i = np.arange(len(e) - 1)                        # merge segment i with segment i + 1
        a, mid, c = s[i], e[i], e[i + 1]
        change = score.parts(a, c)[:, 0] - score.parts(a, mid)[:, 0] - score.parts(mid, c)[:, 0]
        if gamma:
            change = change - gamma * dis(a, mid, c)
            left = i > 0
            pa = s[np.maximum(i - 1, 0)]
            change += gamma * np.where(left, dis(pa, a, c) - dis(pa, a, mid), 0.0)
            right = i + 2 < len(e)
            nc = e[np.minimum(i + 2, len(e) - 1)]
            change += gamma * np.where(right, dis(a, c, nc) - dis(mid, c, nc), 0.0)
        change = np.where(c - a > lmax, np.inf, change)
        j = int(np.argmin(change))
        if not np.isfinite(change[j]):
            break
        del b[j]
    return b


def lagrangian_k(score, dis, gamma, k, lmin, lmax, start=1.0, iterations=24):
    """Bisection on the per-segment penalty μ of the automatic lattice until it yields k segments; if no μ does,
    the solution with the fewest segments above k is merged down greedily (then not guaranteed optimal)."""
    memo = {}

    def solve(mu):
        if mu not in memo:
            memo[mu] = lattice_auto(score, dis, gamma, mu, lmin, lmax)[0]
        return memo[mu]

    mu, step = start, max(1.0, abs(start))
    if len(solve(mu)) > k:                  # too many segments: raise the penalty until there are at most k
        lo, hi = mu, mu + step
        while len(solve(hi)) > k and step < 1e12:
            lo, step = hi, 2 * step
            hi = hi + step
    else:
        lo, hi = mu - step, mu
        while len(solve(lo)) < k and step < 1e12:
            hi, step = lo, 2 * step
            lo = lo - step
    for _ in range(iterations):
        if len(solve(lo)) == k:
            return solve(lo), True, lo
        if len(solve(hi)) == k:
            return solve(hi), True, hi
        mid = 0.5 * (lo + hi)
        if len(solve(mid)) > k:
            lo = mid
        else:
            hi = mid
    above = [(len(b), mu) for mu, b in memo.items() if len(b) >= k]
    if not above:
        raise ParameterError(f"no segmentation into K = {k} segments found within lmin/lmax for this text")
    mu = min(above)[1]
    bounds = solve(mu)
    return _merge_to(score, dis, gamma, bounds, k, lmax), len(bounds) == k, mu


# ---- the method ------------------------------------------------------------------------------------------------

def auto_lmax(n: int, k: int | None) -> int:
    """lmax = 0: min(N, 200) with K automatic; with K given min(N, max(50, 5·⌈N/K⌉)) (segments up to five times
    the mean length; long texts are then read in blocks, see `pooling`)."""
    if k is None:
        return min(n, LMAX_AUTO)
    return min(n, max(LMAX_K, 5 * math.ceil(n / k)))


def check_lengths(n: int, lmin: int, lmax: int, k: int | None, level: str = "sentence") -> tuple[int, int]:
    """(lmin, lmax) with lmax = 0 resolved; ParameterError when no segmentation of n elements (at `level`) fits
    them."""
    lmax = auto_lmax(n, k) if lmax == 0 else min(lmax, n)
    units = level_noun(level, n)
    if lmax < lmin:
        raise ParameterError(f"lmax = {lmax} is smaller than lmin = {lmin}" +
                             (f" (the text has only {n} {units})" if lmin > n else ""))
    if k is not None and not k * lmin <= n <= k * lmax:
        raise ParameterError(f"K = {k} segments of {lmin}…{lmax} {level_noun(level, lmax)} cannot cover the {n} "
                             f"{units}; change K, lmin or lmax")
    if k is None and math.ceil(n / lmax) * lmin > n:
        raise ParameterError(f"no segmentation of the {n} {units} has all segment lengths within {lmin}…{lmax}")
    return lmin, lmax


def tfidf(counts: sp.csr_matrix) -> sp.csr_matrix:
    """Word counts × idf_w = ln(N / df_w) over the N elements (Simon et al.'s segment vectors are sums of these)."""
    df = np.asarray((counts > 0).sum(axis=0)).ravel()
    return sp.csr_matrix(counts.multiply(np.log(counts.shape[0] / np.maximum(df, 1))[None, :]))


def pooling(n: int, lmax: int) -> int:
    """Elements per block so that one lattice pass (N·lmax² cells) stays within PASS_CELLS."""
    return max(1, math.ceil((n * lmax * lmax / PASS_CELLS) ** (1 / 3)))


def _run(doc, k, p, context):
    """Simon, Gravier & Sébillot 2013, eq 7 (UI cohesion + gamma·disruption + lam·m·ln n), Algorithm 1 lattice. On
    long texts the lattice runs on blocks of `pool` elements (pooled counts: the same costs for block-aligned
    segmentations), lengths in blocks."""
    gamma = p["gamma"]
    lmin, lmax = check_lengths(doc.n, p["lmin"], p["lmax"], k, doc.level)
    counts = ui_score(doc, p).counts
    weighted = tfidf(counts)
    pool = pooling(doc.n, lmax)
    if pool > 1:
        block = np.arange(doc.n) // pool
        sums = sp.csr_matrix((np.ones(doc.n), (block, np.arange(doc.n))), shape=(block[-1] + 1, doc.n))
        counts, weighted = sums @ counts, sp.csr_matrix(sums @ weighted)
        lmin, lmax = check_lengths(counts.shape[0], -(-lmin // pool), max(1, lmax // pool), k)
    score = UIScore().fit(counts)
    dis = Disruption(weighted, 2 * lmax).prepare(lmax)
    penalty = p["lam"] * score.penalty_unit
    info = {"lmin": lmin, "lmax": lmax, "pool": pool, "penalty_per_segment": penalty, "exact": True}
    if k is None:
        bounds, _ = lattice_auto(score, dis, gamma, penalty, lmin, lmax)
    elif k * score.n * lmax * lmax <= EXACT_BUDGET:
        bounds, _ = lattice_k(score, dis, gamma, k, lmin, lmax)
    else:
        bounds, exact, mu = lagrangian_k(score, dis, gamma, k, lmin, lmax, start=max(penalty, 1.0))
        info.update(exact=exact, lagrange_penalty=mu, decoder="lagrangian")
    data, disr = objective(score, dis, gamma, bounds)
    ends = np.asarray(bounds)
    signals = {}
    if len(ends) > 1:
        starts = np.concatenate([[0], ends[:-1]])
        signals["boundary_cosine"] = Signal(dis.cos(starts[:-1], ends[:-1], ends[1:]).tolist(), "gap",
                                            x=[float(min(b * pool, doc.n)) for b in ends[:-1]],
                                            label="similarity of the segments either side of a boundary")
    info.update(data_cost=data, disruption=disr)
    return {"boundaries": [int(min(b * pool, doc.n)) for b in bounds],
            "cost": float(data + gamma * disr + penalty * len(bounds)), "signals": signals, "info": info}


register_method(Method(
    "simon", "Simon et al.: Utiyama–Isahara cohesion plus a lexical-disruption term between adjacent segments",
    "Simon, Gravier & Sébillot 2013, TALN, eq 7 and Algorithm 1",
    [Param("gamma", 1.0, "weight of the disruption term Δ = 1/(1 − cos) between adjacent segments (0 = ui)",
           low=0.0, high=1e6),
     LAM,
     Param("lmin", 1, "minimum segment length, in sentences (words at word level)", low=1, high=10**6, elements=True),
     Param("lmax", 0, f"maximum segment length, in sentences (words at word level); 0 = min(N, {LMAX_AUTO}) with K "
                      f"automatic, min(N, max({LMAX_K}, 5·N/K)) with K given (long texts are read in blocks)",
           low=0, high=10**6, elements=True),
     STOPWORDS,
     Param("stem", True, "stem words (Porter's stemmer; Snowball's for another language)")],
    _run))
