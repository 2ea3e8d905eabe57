"""Writing files (lowball._files.write_text, the one writer behind ``rank --output``, ``simulate
--phh`` and ``phh.dump``) on every kind of path, and reading text with a byte-order mark."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lowball import FileError, InvalidTypeError, InvalidValueError, LowballError
from lowball._files import _descriptor, without_bom, write_text

NOBODY = 65534
# What each test needs of the system, where lowball's wheels run (tests/test_wheels_config.py):
# POSIX file kinds (modes and owners, symbolic links, FIFOs, devices, fork) on Linux and macOS,
# and Linux's /proc/self/fd and /dev/full. Elsewhere those tests do not apply and say why.
POSIX = pytest.mark.skipif(
    os.name != "posix", reason="POSIX file kinds: modes, owners, symbolic links, FIFOs, devices, fork"
)
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc/self/fd and /dev/full")


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def names(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def failure(fn: Callable[[], object]) -> FileError:
    with pytest.raises(FileError) as info:
        fn()
    return info.value


@POSIX
def test_new_file_gets_open_s_mode_and_nothing_else_is_left(tmp_path: Path) -> None:
    out = tmp_path / "new.tsv"
    for umask, mode in ((0o022, 0o644), (0o027, 0o640), (0o077, 0o600)):
        old = os.umask(umask)
        try:
            write_text(out, ["a\t1\n", "b\t2\n"])
        finally:
            os.umask(old)
        assert out.read_text() == "a\t1\nb\t2\n"
        assert out.stat().st_mode & 0o777 == mode
        out.unlink()
    write_text(str(out), "one piece\n")  # a str path, text in one piece
    assert out.read_text() == "one piece\n"
    assert names(tmp_path) == ["new.tsv"]  # no temporary file left


@POSIX
def test_existing_file_is_replaced_whole_keeping_mode_and_owner(tmp_path: Path) -> None:
    out = tmp_path / "old.tsv"
    out.write_text("old text\n")
    out.chmod(0o604)
    if os.geteuid() == 0:
        os.chown(out, NOBODY, NOBODY)
    before = out.stat()
    with open(out) as reader:  # opened before: still sees the old file (a rename, not a rewrite)
        write_text(out, ["new ", "text\n"])
        assert reader.read() == "old text\n"
    after = out.stat()
    assert out.read_text() == "new text\n"
    assert after.st_ino != before.st_ino
    assert (after.st_mode & 0o7777, after.st_uid, after.st_gid) == (0o604, before.st_uid, before.st_gid)
    assert names(tmp_path) == ["old.tsv"]


@POSIX
def test_symlink_is_written_through_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "target.tsv"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.tsv"
    link.symlink_to("target.tsv")
    write_text(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == "target.tsv"
    assert target.read_text() == "new\n" and target.stat().st_mode & 0o777 == 0o640
    assert names(tmp_path) == ["link.tsv", "target.tsv"]


@POSIX
def test_symlink_chain_and_dangling_symlink(tmp_path: Path, umask_022: None) -> None:
    (tmp_path / "sub").mkdir()
    end = tmp_path / "sub" / "end.tsv"
    end.write_text("old\n")
    (tmp_path / "middle").symlink_to("sub/end.tsv")
    first = tmp_path / "first"
    first.symlink_to(tmp_path / "middle")
    write_text(first, "chained\n")
    assert os.readlink(first) == str(tmp_path / "middle") and os.readlink(tmp_path / "middle") == "sub/end.tsv"
    assert end.read_text() == "chained\n" and names(tmp_path / "sub") == ["end.tsv"]

    dangling = tmp_path / "dangling"
    dangling.symlink_to("sub/made.tsv")
    write_text(dangling, "made\n")  # as `echo made > dangling` would: the target is made
    assert dangling.is_symlink() and os.readlink(dangling) == "sub/made.tsv"
    made = tmp_path / "sub" / "made.tsv"
    assert made.read_text() == "made\n" and made.stat().st_mode & 0o777 == 0o644
    assert names(tmp_path / "sub") == ["end.tsv", "made.tsv"]


@POSIX
def test_symlink_loop_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    e = failure(lambda: write_text(tmp_path / "a", "x\n"))
    assert str(e) == f"cannot write {tmp_path / 'a'}: Too many levels of symbolic links"
    assert e.errno == errno.ELOOP and isinstance(e, OSError) and isinstance(e, LowballError)
    assert names(tmp_path) == ["a", "b"] and os.readlink(tmp_path / "a") == "b"


@POSIX
def test_fifo_is_written_directly(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InvalidTypeError, match=r"text = None: expected a str or an iterable of str"):
        write_text(fifo, None)  # type: ignore[arg-type]  # refused before the pipe is opened
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    write_text(fifo, ["through ", "the pipe\n"])
    reader.join(timeout=10)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and names(tmp_path) == ["pipe"]


def device(tmp_path: Path, name: str, minor: int) -> Path:
    """/dev/``name``: a copy of our own when root, so that a fault cannot replace the system's
    (without root the system's, which cannot be replaced then)."""
    try:
        os.mknod(tmp_path / name, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except PermissionError:
        return Path("/dev") / name
    return tmp_path / name


@LINUX
def test_character_device_is_written_directly(tmp_path: Path) -> None:
    device_null = device(tmp_path, "null", 3)
    write_text(device_null, "gone\n")
    assert stat.S_ISCHR(device_null.lstat().st_mode) and device_null.read_text() == ""
    link = tmp_path / "to-null"
    link.symlink_to(device_null)
    write_text(link, "gone too\n")
    assert link.is_symlink() and stat.S_ISCHR(device_null.lstat().st_mode)
    full = device(tmp_path, "full", 7)  # always full
    e = failure(lambda: write_text(full, "x" * 100_000))
    assert str(e) == f"cannot write {full}: No space left on device" and e.errno == errno.ENOSPC
    assert stat.S_ISCHR(full.lstat().st_mode)


@POSIX  # the operating system's own wording of each error
def test_directory_and_missing_directory_are_errors(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    e = failure(lambda: write_text(tmp_path / "dir", "x\n"))
    assert str(e) == f"cannot write {tmp_path / 'dir'}: Is a directory" and e.errno == errno.EISDIR
    e = failure(lambda: write_text(tmp_path / "missing" / "out.tsv", "x\n"))
    assert str(e) == f"cannot write {tmp_path / 'missing' / 'out.tsv'}: No such file or directory"
    (tmp_path / "file").write_text("a file\n")
    e = failure(lambda: write_text(tmp_path / "file" / "out.tsv", "x\n"))
    assert str(e) == f"cannot write {tmp_path / 'file' / 'out.tsv'}: Not a directory"
    assert names(tmp_path) == ["dir", "file"] and names(tmp_path / "dir") == []
    assert (tmp_path / "file").read_text() == "a file\n"


def as_nobody(fn: Callable[[], None]) -> str:
    """Run ``fn`` as a user who may not write where root may; the error's text (or "")."""
    if os.geteuid() != 0:
        try:
            fn()
        except FileError as e:
            return str(e)
        return ""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        message = ""
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            fn()
        except FileError as e:
            message = str(e)
        except BaseException as e:  # noqa: BLE001 - reported to the parent
            message = f"unexpected {type(e).__name__}: {e}"
        os.write(write, message.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        message = f.read().decode()
    os.waitpid(pid, 0)
    return message


@POSIX
def test_unwritable_directory_writes_nothing_and_leaves_nothing() -> None:
    top = Path(tempfile.mkdtemp())
    try:
        top.chmod(0o755)
        locked = top / "locked"
        locked.mkdir()
        (locked / "old.tsv").write_text("old\n")
        (locked / "old.tsv").chmod(0o666)  # the file is writable, its directory is not
        locked.chmod(0o555)
        message = as_nobody(lambda: write_text(locked / "new.tsv", "x\n"))
        assert message == f"cannot write {locked / 'new.tsv'}: Permission denied"
        message = as_nobody(lambda: write_text(locked / "old.tsv", "new\n"))
        assert message == f"cannot write {locked / 'old.tsv'}: Permission denied"
        assert names(locked) == ["old.tsv"] and (locked / "old.tsv").read_text() == "old\n"
    finally:
        (top / "locked").chmod(0o755)
        for p in sorted(top.rglob("*"), reverse=True):
            p.unlink() if p.is_file() else p.rmdir()
        top.rmdir()


@POSIX
def test_a_read_only_file_is_refused_as_open_would_refuse_it() -> None:
    """The directory would allow the rename; the file's own mode must still be obeyed (a plain
    open refuses a 0444 file, and so did phh.dump before it used this writer)."""
    top = Path(tempfile.mkdtemp())
    try:
        top.chmod(0o777)
        (top / "ro.tsv").write_text("old\n")
        (top / "ro.tsv").chmod(0o444)
        message = as_nobody(lambda: write_text(top / "ro.tsv", "new\n"))
        assert message == f"cannot write {top / 'ro.tsv'}: Permission denied"
        assert names(top) == ["ro.tsv"] and (top / "ro.tsv").read_text() == "old\n"
    finally:
        for p in top.iterdir():
            p.unlink()
        top.rmdir()


@POSIX
def test_a_file_with_other_hard_links_is_rewritten_in_place(tmp_path: Path) -> None:
    out, other = tmp_path / "out.tsv", tmp_path / "other-name.tsv"
    out.write_text("old\n")
    os.link(out, other)
    inode = out.stat().st_ino
    write_text(out, ["new ", "text\n"])
    assert out.read_text() == other.read_text() == "new text\n"
    assert out.stat().st_ino == other.stat().st_ino == inode and out.stat().st_nlink == 2

    def failing() -> Iterator[str]:
        yield "half"
        raise RuntimeError("the source broke")

    with pytest.raises(RuntimeError):
        write_text(out, failing())
    assert out.read_text() == other.read_text() == "new text\n"
    assert names(tmp_path) == ["other-name.tsv", "out.tsv"]


@POSIX
def test_a_hard_linked_file_on_a_full_disk_is_left_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The room for the new text is reserved before the file is touched: no room, no change
    (a reviewer found the first version truncated first and left half a file)."""
    out, other = tmp_path / "out.tsv", tmp_path / "other.tsv"
    out.write_text("old text\n" * 100)
    os.link(out, other)

    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    e = failure(lambda: write_text(out, "new text\n" * 500))
    assert str(e) == f"cannot write {out}: No space left on device" and e.errno == errno.ENOSPC
    assert out.read_text() == other.read_text() == "old text\n" * 100
    assert names(tmp_path) == ["other.tsv", "out.tsv"]


@LINUX
def test_no_descriptor_is_leaked_on_a_failed_write(tmp_path: Path) -> None:
    d = os.open(tmp_path, os.O_RDONLY)
    try:
        before = sorted(os.listdir("/proc/self/fd"))
        for _ in range(5):
            e = failure(lambda: write_text(f"/dev/fd/{d}", "x\n"))
            assert e.errno == errno.EISDIR
        assert sorted(os.listdir("/proc/self/fd")) == before
    finally:
        os.close(d)


@LINUX
def test_a_link_to_the_descriptor_directory_is_a_descriptor(tmp_path: Path) -> None:
    """fdlink -> /proc/self/fd, then -o fdlink/1 >> log: appended, log kept (from a review)."""
    (tmp_path / "fdlink").symlink_to("/proc/self/fd")
    assert _descriptor(str(tmp_path / "fdlink" / "1")) == 1
    log = tmp_path / "log"
    log.write_text("old line\n")
    code = f"from lowball._files import write_text; write_text({str(tmp_path / 'fdlink' / '1')!r}, 'new\\n')"
    with open(log, "a") as f:
        p = subprocess.run([sys.executable, "-c", code], stdout=f, stderr=subprocess.PIPE, text=True)
    assert (p.returncode, p.stderr, log.read_text()) == (0, "", "old line\nnew\n")


def test_a_path_with_a_nul_character_is_refused() -> None:
    with pytest.raises(InvalidValueError, match=r"^path = 'a\\x00b': a file path cannot hold a NUL character$"):
        write_text("a\0b", "x\n")


def test_a_failing_source_leaves_the_file_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out.tsv"
    out.write_text("old\n")

    def chunks() -> Iterator[str]:
        yield "half of the new text\n"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_text(out, chunks())
    with pytest.raises(InvalidTypeError, match=r"text chunk b'x': expected a str"):
        write_text(out, ["fine\n", b"x"])  # type: ignore[list-item]
    with pytest.raises(FileError, match=r"cannot write .*out.tsv: cannot encode the text as UTF-8"):
        write_text(out, "\udc80")
    assert out.read_text() == "old\n" and names(tmp_path) == ["out.tsv"]
    for bad in (None, 3, b"out.tsv", ["out.tsv"]):
        with pytest.raises(InvalidTypeError, match=r"path = .*: expected a file path \(a str or an os.PathLike\)"):
            write_text(bad, "x\n")
    with pytest.raises(InvalidTypeError, match=r"text = 3: expected a str or an iterable of str"):
        write_text(out, 3)  # type: ignore[arg-type]
    assert out.read_text() == "old\n" and names(tmp_path) == ["out.tsv"]


@POSIX
def test_exclusive_refuses_every_existing_path_untouched(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("mine\n")
    (tmp_path / "dir").mkdir()
    (tmp_path / "link").symlink_to("file")
    (tmp_path / "dangling").symlink_to("nowhere")
    os.mkfifo(tmp_path / "fifo")
    for name in ("file", "dir", "link", "dangling", "fifo"):
        e = failure(lambda name=name: write_text(tmp_path / name, "x\n", exclusive=True))
        assert str(e) == f"cannot write {tmp_path / name}: File exists" and e.errno == errno.EEXIST
    assert names(tmp_path) == ["dangling", "dir", "fifo", "file", "link"]
    assert (tmp_path / "file").read_text() == "mine\n" and os.readlink(tmp_path / "dangling") == "nowhere"
    assert names(tmp_path / "dir") == []


@POSIX
def test_exclusive_new_file(tmp_path: Path, umask_022: None, monkeypatch: pytest.MonkeyPatch) -> None:
    write_text(tmp_path / "a.phh", ["x = 1\n"], exclusive=True)
    assert (tmp_path / "a.phh").read_text() == "x = 1\n" and (tmp_path / "a.phh").stat().st_mode & 0o777 == 0o644

    def no_links(src: str, dst: str) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)  # a file system without hard links: copied in
    write_text(tmp_path / "b.phh", "y = 2\n", exclusive=True)
    assert (tmp_path / "b.phh").read_text() == "y = 2\n" and (tmp_path / "b.phh").stat().st_mode & 0o777 == 0o644
    e = failure(lambda: write_text(tmp_path / "b.phh", "z\n", exclusive=True))
    assert e.errno == errno.EEXIST and (tmp_path / "b.phh").read_text() == "y = 2\n"
    assert names(tmp_path) == ["a.phh", "b.phh"]


@LINUX
def test_dev_stdout_is_written_not_replaced(tmp_path: Path) -> None:
    """The issue's case: `rank -o /dev/stdout` replaced the symlink with a file when run as root.
    Tested on a link of our own made as /dev/stdout is (a fault must not break the system's)."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    code = f"from lowball._files import write_text; write_text({str(stdout)!r}, 'to stdout\\n')"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)  # a pipe
    assert (p.returncode, p.stdout, p.stderr) == (0, "to stdout\n", "")
    out = tmp_path / "redirected.txt"
    with open(out, "w") as f:  # a shell's `> redirected.txt`
        p = subprocess.run([sys.executable, "-c", code], stdout=f, stderr=subprocess.PIPE, text=True)
    assert (p.returncode, p.stderr, out.read_text()) == (0, "", "to stdout\n")
    assert os.readlink(stdout) == "/proc/self/fd/1" and names(tmp_path) == ["redirected.txt", "stdout"]
    # what the shell's file already holds stays: `>> log`, and a header and footer around it
    for mode in ("a", "w"):
        out.write_text("old line\n")
        inode = out.stat().st_ino
        with open(out, mode) as f:
            if mode == "w":
                f.write("header\n")
                f.flush()
            p = subprocess.run([sys.executable, "-c", code], stdout=f, stderr=subprocess.PIPE, text=True)
            f.write("footer\n")
        expected = ("old line\n" if mode == "a" else "header\n") + "to stdout\nfooter\n"
        assert (p.returncode, p.stderr, out.read_text()) == (0, "", expected)
        assert out.stat().st_ino == inode
    for link in ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"):  # read only: never written here
        assert _descriptor(link) == 1
    assert _descriptor(str(stdout)) == 1 and _descriptor(str(out)) is None


def test_without_bom() -> None:
    assert without_bom("\ufeff7s5h4d3c2s\n") == "7s5h4d3c2s\n"
    assert without_bom("7s5h4d3c2s\ufeff") == "7s5h4d3c2s\ufeff"
    assert without_bom("") == ""


def test_saved_hand_text_with_a_byte_order_mark() -> None:
    """HandState.from_json reads text as phh.loads does: a leading byte-order mark ignored."""
    from lowball import HandState
    from lowball.variants import VARIANTS

    hand = HandState(VARIANTS["F2L3D"], [100, 100], seed=5)
    saved = hand.to_json()
    assert HandState.from_json("\ufeff" + saved).to_dict() == hand.to_dict()
    assert HandState.from_json(("\ufeff" + saved).encode("utf-8")).to_dict() == hand.to_dict()
    with pytest.raises(LowballError, match=r"not a saved hand: Unexpected UTF-8 BOM"):
        HandState.from_json("\ufeff\ufeff" + saved)
