"""The names mdoc(7)'s .St and .Lb macros print for a standard's and a library's short names, as mandoc prints
them (segcore.mdoc reads an mdoc page with them)."""

__all__ = ["STANDARDS", "LIBRARIES"]

# .St's standards as mandoc writes them (the C and POSIX ones in use; another is left as written)
STANDARDS = {"-ansiC": "ANSI X3.159-1989 (“ANSI C89”)", "-ansiC-89": "ANSI X3.159-1989 (“ANSI C89”)",
             "-isoC": "ISO/IEC 9899:1990 (“ISO C90”)", "-isoC-90": "ISO/IEC 9899:1990 (“ISO C90”)",
             "-isoC-99": "ISO/IEC 9899:1999 (“ISO C99”)", "-isoC-2011": "ISO/IEC 9899:2011 (“ISO C11”)",
             "-p1003.1": "IEEE Std 1003.1 (“POSIX.1”)", "-p1003.1-88": "IEEE Std 1003.1-1988 (“POSIX.1”)",
             "-p1003.1-90": "IEEE Std 1003.1-1990 (“POSIX.1”)", "-p1003.1-96": "ISO/IEC 9945-1:1996 (“POSIX.1”)",
             "-p1003.1-2001": "IEEE Std 1003.1-2001 (“POSIX.1”)", "-p1003.1-2004": "IEEE Std 1003.1-2004 (“POSIX.1”)",
             "-p1003.1-2008": "IEEE Std 1003.1-2008 (“POSIX.1”)", "-p1003.1b-93": "IEEE Std 1003.1b-1993 (“POSIX.1b”)",
             "-p1003.1c-95": "IEEE Std 1003.1c-1995 (“POSIX.1c”)", "-p1003.2": "IEEE Std 1003.2 (“POSIX.2”)",
             "-p1003.2-92": "IEEE Std 1003.2-1992 (“POSIX.2”)",
             "-susv2": "Version 2 of the Single UNIX Specification (“SUSv2”)",
             "-susv3": "Version 3 of the Single UNIX Specification (“SUSv3”)",
             "-susv4": "Version 4 of the Single UNIX Specification (“SUSv4”)",
             "-xpg4.2": "X/Open Portability Guide Issue 4, Version 2 (“XPG4.2”)",
             "-svid4": "System V Interface Definition, Fourth Edition (“SVID4”)",
             "-ieee754": "IEEE Std 754-1985", "-iso8601": "ISO 8601"}
# .Lb's libraries as mandoc names them (another: library “name”)
LIBRARIES = {"libc": "Standard C Library", "libcrypt": "Crypt Library", "libm": "Math Library",
             "libmagic": "Magic Number Recognition Library", "libpthread": "POSIX Threads Library",
             "libutil": "System Utilities Library", "libedit": "Command Line Editor Library",
             "libcurses": "Curses Library", "libz": "Compression Library", "librt": "POSIX Real-time Library",
             "libresolv": "DNS Resolver Library", "libpam": "Pluggable Authentication Module Library"}
