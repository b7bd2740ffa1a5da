"""numba's cache of the batch kernels follows their sources (``hasenpfeffer.batch.freshcache``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer.batch import freshcache


def test_a_changed_kernel_source_empties_the_cache_once(tmp_path: Path) -> None:
    (tmp_path / "a_compiled.py").write_text("x = 1")
    (tmp_path / "b.py").write_text("not a kernel")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    stale = [cache / "a_compiled.play-40.py311.nbi", cache / "a_compiled.play-40.py311.1.nbc"]
    for path in stale:
        path.write_bytes(b"machine code")
    assert freshcache.ensure(tmp_path)
    assert not any(p.exists() for p in stale)
    stale[0].write_bytes(b"compiled again")
    (tmp_path / "b.py").write_text("other modules do not count")
    assert not freshcache.ensure(tmp_path) and stale[0].exists()
    (tmp_path / "a_compiled.py").write_text("x = 2")
    assert freshcache.ensure(tmp_path) and not stale[0].exists()


def test_the_package_cache_carries_the_digest_of_its_kernels_once_played() -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer import load_variant
    from hasenpfeffer.batch.run import play

    play(load_variant("euchre"), games=1, seed=1)
    mark = freshcache.HERE / "__pycache__" / freshcache.DIGEST
    assert mark.read_text(encoding="ascii") == freshcache.digest(freshcache.HERE)
