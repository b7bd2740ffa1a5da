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
    stale += [cache / "a_compiled.play-40.py311.2.nbc.corrupt", cache / "a_compiled.play-40.py311.nbi.tmp.0f"]
    for path in stale:
        path.write_bytes(b"machine code")
    assert freshcache.ensure(tmp_path, [cache])
    assert not any(p.exists() for p in stale)
    stale[0].write_bytes(b"compiled again")
    (tmp_path / "b.py").write_text("other modules do not count")
    assert not freshcache.ensure(tmp_path, [cache]) and stale[0].exists()
    (tmp_path / "a_compiled.py").write_text("x = 2")
    assert freshcache.ensure(tmp_path, [cache]) and not stale[0].exists()


@pytest.mark.parametrize("garbled", [b"\xff\xfe", b"0123abcd", b"", b"%064d" % 0 + b"\n"])
def test_an_unreadable_digest_is_set_aside_in_one_line_and_empties_the_cache(
    garbled: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a_compiled.py").write_text("x = 1")
    cache = tmp_path / "cache"
    assert freshcache.ensure(tmp_path, [cache])
    index, mark = cache / "a_compiled.f-1.py311.nbi", cache / freshcache.DIGEST
    index.write_bytes(b"compiled")
    mark.write_bytes(garbled)
    assert freshcache.ensure(tmp_path, [cache]) and not index.exists()
    error = "UnicodeDecodeError" if garbled.startswith(b"\xff") else "ValueError"
    assert capsys.readouterr().err.splitlines() == [
        f"compile cache: {mark} was unreadable ({error}): set aside, compiling again"
    ]
    assert (cache / f"{freshcache.DIGEST}.corrupt").read_bytes() == garbled
    assert mark.read_text(encoding="ascii") == freshcache.digest(tmp_path)
    assert not freshcache.ensure(tmp_path, [cache]) and capsys.readouterr().err == ""


def test_the_package_digest_covers_what_its_kernels_call_and_read() -> None:
    names = [p.name for p in freshcache.kernels(freshcache.HERE)]
    assert "step_compiled.py" in names and "handeval_compiled.py" in names and "holdings.py" in names
    assert all(p.exists() for p in [*freshcache.CALLED, *freshcache.READ])


def test_the_package_cache_carries_the_digest_of_its_kernels_once_played() -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer import jitcache, load_variant
    from hasenpfeffer.batch.run import play

    play(load_variant("euchre"), games=1, seed=1)
    for source in (freshcache.HERE / "step_compiled.py", freshcache.BOTS / "handeval_compiled.py"):
        cache = jitcache.folder(source)
        assert cache is not None
        mark = cache / freshcache.DIGEST
        assert mark.read_text(encoding="ascii") == freshcache.digest(freshcache.HERE)
