"""The ``whistdrive`` command of an installed copy (``pipx install whistdrive-….whl``).

    whistdrive run [--port 8000]                  this computer only: set up, the demo club into an
                                                  empty database, serve http://127.0.0.1:8000/
    whistdrive hall [--address A] [--port P]      the tablets on the hall's Wi-Fi (manage.py hall)
    whistdrive backup FILE / restore FILE         the whole club to a file and back; restore into a new
                                                  data folder asks for the old one's register of
                                                  erasures (--erasures PATH, or --without-erasures)
    whistdrive manage COMMAND …                   any management command (migrate, createsuperuser, …)

Every server is granian with DEBUG off (whistdrive/serving.py). The data lives in the folder
locations.py names (``whistdrive where`` prints it).
"""

import argparse
import os
import sys

import whistdrive
from whistdrive import locations, serving

NOT_AVAILABLE = "whistdrive {version} has no '{name}' command: it is not available in this version."


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["manage"]:
        return manage(argv[1:])
    args = parser().parse_args(argv)
    if args.command == "run":
        return run(port=args.port)
    if args.command == "hall":
        hall = ["hall", "--port", str(args.port)] + (["--address", args.address] if args.address else [])
        return manage(hall + ["--threads", str(args.threads)])
    if args.command == "backup":
        return club_file("backup", [args.file])
    if args.command == "restore":
        register = ["--erasures", args.erasures] if args.erasures else []
        register += ["--without-erasures"] if args.without_erasures else []
        return club_file("restore", [args.file, *register])
    print(locations.data_dir())
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="whistdrive", description="Duplicate whist events and whist drives for clubs."
    )
    top.add_argument("--version", action="version", version=f"whistdrive {whistdrive.__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run_ = commands.add_parser(
        "run", help="serve on this computer only (http://127.0.0.1:8000/), the demo club in a new database"
    )
    run_.add_argument("--port", type=int, default=8000)
    hall = commands.add_parser("hall", help="serve the tablets on the hall's Wi-Fi from this laptop")
    hall.add_argument("--address", help="the laptop's network address, when the guess is wrong")
    hall.add_argument("--port", type=int, default=8000)
    hall.add_argument("--threads", type=int, default=serving.THREADS)
    commands.add_parser("backup", help="write the whole club to FILE").add_argument("file")
    restore = commands.add_parser("restore", help="read the whole club back from FILE")
    restore.add_argument("file")
    register = restore.add_mutually_exclusive_group()
    register.add_argument(
        "--erasures", metavar="PATH", help="the old computer's erasures.json, when this data folder has none"
    )
    register.add_argument(
        "--without-erasures",
        action="store_true",
        help="restore without a register of erasures: any member forgotten since the backup comes back",
    )
    commands.add_parser("manage", help="any management command: whistdrive manage help lists them")
    commands.add_parser("where", help="print the folder the database, secret key and backups are in")
    return top


def manage(args: list[str]) -> int:
    """A management command, as manage.py runs it."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["whistdrive manage", *args])
    return 0


def club_file(name: str, args: list[str]) -> int:
    """`whistdrive backup FILE` is `manage.py backup FILE`, when this version has that command."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    import django
    from django.core.management import get_commands

    django.setup()
    if name not in get_commands():
        print(NOT_AVAILABLE.format(version=whistdrive.__version__, name=name), file=sys.stderr)
        return 1
    return manage([name, *args])


def run(*, port: int) -> int:
    """Set up the database (the demo club only into an empty one, as `make run` does) and serve it
    on this computer alone, with DEBUG off: the same server and settings a club plays on."""
    origin = f"http://127.0.0.1:{port}"
    data = locations.data_dir()
    os.environ.update(
        serving.local_server_env(
            data_dir=data,
            origin=origin,
            hosts=["127.0.0.1", "localhost"],
            origins=[origin, f"http://localhost:{port}"],
        )
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("demo")
    print(
        f"\nwhistdrive {whistdrive.__version__} is serving {origin}/ on this computer only.\n"
        f"The data (database, secret key, backups) is in {data}.\n"
        "For the tablets at a hall: whistdrive hall. Stop with Ctrl+C.\n",
        flush=True,
    )
    return serving.serve_in_new_process(listen=f"127.0.0.1:{port}", env=dict(os.environ))
