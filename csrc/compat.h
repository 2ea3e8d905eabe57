/* Portability of the C core: the one place for what a compiler that builds the wheels (GCC and
 * clang on Linux and macOS, MSVC on Windows) needs spelled differently. Plain C99 otherwise; the
 * core uses no compiler builtin, no 128-bit integer, no variable-length array, no POSIX header
 * and no operating-system call (the secure shuffle's entropy comes from Python's os.urandom, see
 * src/lowball/_deck.pyx). tests/test_build.py compiles csrc/ strictly with gcc and clang, for
 * every wheel platform, and runs the C tests on a 32-bit target.
 *
 * inline: a keyword of C99, and of MSVC's C since Visual Studio 2015 (_MSC_VER 1900), the oldest
 * MSVC that builds extensions for Python 3.10 and later; older MSVC spells it __inline in C. */
#ifndef LOWBALL_COMPAT_H
#define LOWBALL_COMPAT_H

#if defined(_MSC_VER) && !defined(__cplusplus) && _MSC_VER < 1900 && !defined(inline)
#define inline __inline
#endif

#endif
