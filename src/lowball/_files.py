"""Reading and writing the package's text files (private: the library and the command use it).

Writing never replaces what a path names with something else. :func:`write_text` is the one way
the package writes a file (``lowball rank --output``, ``lowball simulate --phh``,
:func:`lowball.phh.dump`):

- a new path or an existing regular file gets a temporary file beside it, then a rename, so that
  an existing file is never half-written and a failed write leaves nothing behind; a replaced file
  keeps its permissions (and its owner and group where the process may set them), a new one gets
  ``0o666`` less the umask, as :func:`open` would give it;
- a symbolic link is written through to its target, the link kept (atomically as above where the
  target is a regular file or does not exist yet, e.g. a dangling link);
- a path that names one of this process's open descriptors (``/dev/stdout``, ``/dev/fd/1``,
  ``/proc/self/fd/1``, or a link to one) is written through that descriptor, at its current
  offset: ``-o /dev/stdout >> log`` appends to ``log`` as ``-o -`` would;
- a regular file with other hard links is rewritten in place (the text first goes whole to a
  temporary file, so a failing source leaves it untouched), keeping every name of it;
- a device, a named pipe (FIFO) or another special file is opened and written directly;
- a file this process may not write (a read-only file) is refused, as :func:`open` would refuse
  it, although the directory would allow a rename; a directory is refused.

With ``exclusive=True`` (files that must be new, e.g. ``simulate --phh``) any existing path is
refused untouched, a symbolic link included, even a dangling one; the new file appears whole or not
at all.

Reading: text files are UTF-8 and a leading byte-order mark (U+FEFF) is ignored
(:func:`without_bom`, :func:`open_text`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import IO

from lowball.errors import FileError, InvalidTypeError, InvalidValueError, shown

__all__ = ["BOM", "path_text", "without_bom", "open_text", "write_text"]

BOM = "\ufeff"
"""The byte-order mark, ignored at the start of any text the package reads."""

_TEMP_TRIES = 100
# Link errors that mean "this file system has no hard links" (exclusive mode then copies).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}


def path_text(path: object, name: str) -> str:
    """``path`` (a str or an ``os.PathLike`` giving a str) as a str.

    Raises
    ------
    InvalidTypeError
        For anything else (bytes included), naming ``name`` and the value.
    """
    if isinstance(path, (str, os.PathLike)):
        text = os.fspath(path)
        if isinstance(text, str):
            if "\0" in text:
                raise InvalidValueError(f"{name} = {shown(path)}: a file path cannot hold a NUL character")
            return text
    raise InvalidTypeError(f"{name} = {shown(path)}: expected a file path (a str or an os.PathLike)")


def without_bom(text: str) -> str:
    """``text`` without a leading byte-order mark (U+FEFF), if it has one."""
    return text[1:] if text.startswith(BOM) else text


def open_text(path: str) -> IO[str]:
    """Open a UTF-8 text file for reading, skipping a leading byte-order mark (``utf-8-sig``);
    lines end at ``\\n``, ``\\r\\n`` or ``\\r``. Raises OSError as :func:`open` does."""
    return open(path, encoding="utf-8-sig")  # noqa: SIM115 - the caller closes it


def write_text(path: object, chunks: str | Iterable[str], *, exclusive: bool = False) -> None:
    """Write text (UTF-8) to a file without ever replacing what ``path`` names with something
    else (see the module docstring for each kind of path).

    Parameters
    ----------
    path : str or os.PathLike
        Where to write. The command maps ``-`` to standard output before calling this; here
        ``-`` is a file of that name.
    chunks : str or iterable of str
        The text, whole or in pieces (written as they come: the text need not be held in
        memory). If the iterable raises, the exception propagates and nothing is left behind
        (a device or pipe keeps what it was already sent).
    exclusive : bool, default False
        Refuse a path that exists in any form (file, directory, symbolic link, dangling or
        not), leaving it untouched.

    Raises
    ------
    FileError
        When the file cannot be written (a missing or unwritable directory, a directory at
        ``path``, a symbolic-link loop, a path that exists in exclusive mode, a full disk, a
        closed pipe), naming the path and the reason; ``errno`` is set. Nothing is written,
        and no temporary file is left behind.
    InvalidTypeError
        For a ``path`` that is not a str or os.PathLike, or a chunk that is not a str.
    """
    name = path_text(path, "path")
    if isinstance(chunks, (bytes, bytearray)) or not isinstance(chunks, Iterable):
        raise InvalidTypeError(f"text = {shown(chunks)}: expected a str or an iterable of str")
    if not name:
        err = FileError(f"cannot write {name!r}: the path is empty")
        err.errno = errno.ENOENT
        raise err
    pieces: Iterable[str] = (chunks,) if isinstance(chunks, str) else chunks
    try:
        if exclusive:
            _write_new(name, _checked(pieces))
        else:
            _write(name, _checked(pieces))
    except (OSError, UnicodeEncodeError) as e:
        if isinstance(e, OSError):
            reason = e.strerror or str(e)
            code = e.errno
        else:
            reason, code = f"cannot encode the text as UTF-8 ({e.reason})", None
        err = FileError(f"cannot write {name}: {reason}")
        err.errno = code
        raise err from None


def _checked(chunks: Iterable[str]) -> Iterator[str]:
    for chunk in chunks:
        if not isinstance(chunk, str):
            raise InvalidTypeError(f"text chunk {shown(chunk)}: expected a str")
        yield chunk


def _oserror(code: int) -> OSError:
    return OSError(code, os.strerror(code))


# a path that is one of the process's own descriptors
_DESCRIPTOR = re.compile(r"/(?:proc/(?:self|thread-self|\d+)(?:/task/\d+)?/fd|dev/fd)/(\d+)")


def _descriptor(name: str) -> int | None:
    """The open descriptor of this process that ``name`` (or a symbolic link on the way from it)
    names: 1 for ``/dev/stdout`` -> ``/proc/self/fd/1``; None for any other path."""
    path = os.path.abspath(name)
    own = {os.path.realpath(d) for d in ("/proc/self/fd", "/dev/fd") if os.path.isdir(d)}
    for _ in range(40):  # the kernel's own limit on a chain of links
        m = _DESCRIPTOR.fullmatch(path)
        if m and (not path.startswith("/proc/") or path.split("/")[2] in ("self", "thread-self", str(os.getpid()))):
            return int(m.group(1))
        head, tail = os.path.split(path)
        if tail.isascii() and tail.isdigit() and own and os.path.realpath(head) in own:
            return int(tail)  # through a link to the descriptor directory itself (fdlink/1)
        try:
            link = os.readlink(path)
        except OSError:
            return None
        path = os.path.normpath(os.path.join(os.path.dirname(path), link))
    return None


def _write(name: str, chunks: Iterator[str]) -> None:
    fd = _descriptor(name)
    if fd is not None:  # /dev/stdout and the like: the descriptor itself, never a rename
        for stream in (sys.stdout, sys.stderr):  # what Python holds for it goes first
            with contextlib.suppress(Exception):
                if stream is not None and stream.fileno() == fd:
                    stream.flush()
        _fill(os.dup(fd), chunks)
        return
    try:
        st: os.stat_result | None = os.stat(name)  # follows symbolic links
    except FileNotFoundError:
        st = None  # a new file, or a dangling link whose target is made
    if st is None:
        _replace(os.path.realpath(name) if os.path.islink(name) else name, chunks, None)
    elif stat.S_ISDIR(st.st_mode):
        raise _oserror(errno.EISDIR)
    elif not stat.S_ISREG(st.st_mode):
        _write_directly(name, chunks, truncate=False)  # a device, a FIFO, a socket ...
    else:
        target = os.path.realpath(name) if os.path.islink(name) else name
        try:
            same = os.path.samestat(os.stat(target), st)
        except OSError:
            same = False
        if not same:  # a link with no name behind it (another process's fd of a deleted file)
            _write_directly(name, chunks, truncate=True)
        elif not os.access(target, os.W_OK):
            raise _oserror(errno.EACCES)  # as open() would: a rename must not get around it
        elif st.st_nlink > 1:
            _rewrite_in_place(target, chunks)
        else:
            _replace(target, chunks, st)


def _temp_beside(target: str) -> tuple[int, str]:
    """A new, empty temporary file in ``target``'s directory (mode 0o666 less the umask)."""
    directory, base = os.path.split(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(_TEMP_TRIES):
        tmp = os.path.join(directory, f".{base}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise _oserror(errno.EEXIST)


def _keep_owner_and_mode(fd: int, tmp: str, st: os.stat_result) -> None:
    """Give the temporary file the owner, group and permissions of the file it replaces (owner
    and group only where this process may: as a plain write would keep them)."""
    if hasattr(os, "fchown"):
        mine = os.fstat(fd)
        if (mine.st_uid, mine.st_gid) != (st.st_uid, st.st_gid):
            try:
                os.fchown(fd, st.st_uid, st.st_gid)
            except PermissionError:
                with contextlib.suppress(PermissionError):
                    os.fchown(fd, -1, st.st_gid)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(st.st_mode))
    else:  # pragma: no cover - Windows
        os.chmod(tmp, stat.S_IMODE(st.st_mode))


def _fill(fd: int, chunks: Iterator[str], *, sync: bool = False) -> None:
    """Write the chunks to ``fd`` and close it (after an fsync with ``sync``)."""
    try:
        f = open(fd, "w", encoding="utf-8")  # noqa: SIM115 - closed by the with below
    except BaseException:
        os.close(fd)  # open() does not close a descriptor it was given when it fails
        raise
    with f:
        for chunk in chunks:
            f.write(chunk)
        if sync:
            f.flush()
            os.fsync(f.fileno())


def _replace(target: str, chunks: Iterator[str], st: os.stat_result | None) -> None:
    """Write a temporary file beside ``target``, then rename it over ``target``."""
    fd, tmp = _temp_beside(target)
    try:
        if st is not None:
            try:
                _keep_owner_and_mode(fd, tmp, st)
            except BaseException:
                os.close(fd)
                raise
        _fill(fd, chunks, sync=st is not None)  # an existing file's text at stake: on disk first
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _rewrite_in_place(target: str, chunks: Iterator[str]) -> None:
    """A regular file with other hard links: the text goes whole to a temporary file first (a
    source that fails leaves ``target`` as it was); the space for it is then reserved in
    ``target`` (a full disk refuses it there, before anything changes), and the text is
    copied over ``target`` in place, which is then cut to its length, so every name of the
    file sees it. Unlike a rename this is not atomic against a crash of the machine mid-copy."""
    fd, tmp = _temp_beside(target)
    try:
        _fill(fd, chunks)
        size = os.path.getsize(tmp)
        flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        out = os.open(target, flags)
        try:
            if size and hasattr(os, "posix_fallocate"):
                try:
                    os.posix_fallocate(out, 0, size)
                except OSError as e:
                    if e.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                        raise  # no room: nothing has changed yet
            with open(tmp, "rb") as src:
                while block := src.read(1 << 16):
                    view = memoryview(block)
                    while view:
                        view = view[os.write(out, view) :]
            os.ftruncate(out, size)
            os.fsync(out)
        finally:
            os.close(out)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _write_directly(name: str, chunks: Iterator[str], *, truncate: bool) -> None:
    """Open an existing special file (or a nameless regular one) and write to it."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    _fill(os.open(name, flags | (os.O_TRUNC if truncate else 0)), chunks)


def _write_new(name: str, chunks: Iterator[str]) -> None:
    """Write a file that must not exist: a temporary file, then a hard link to ``name`` (which
    fails if anything is there by then); where the file system has no hard links, ``name`` is
    created exclusively and the text copied in."""
    try:
        os.lstat(name)  # does not follow a link: a dangling link exists too
    except FileNotFoundError:
        pass
    else:
        raise _oserror(errno.EEXIST)
    fd, tmp = _temp_beside(name)
    try:
        _fill(fd, chunks)
        try:
            os.link(tmp, name)
        except OSError as e:
            if e.errno not in _NO_LINKS or isinstance(e, FileExistsError):
                raise
            _copy_new(tmp, name)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _copy_new(source: str, name: str) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(name, flags, 0o666)
    try:
        with open(source, "rb") as src, open(fd, "wb") as dst:
            shutil.copyfileobj(src, dst)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
