"""Reading and writing the JSON exports of events and drives, for their commands."""

import json
from pathlib import Path

from django.core.management import CommandError


def write_export(command, data: dict, output: Path | None) -> None:
    """The export to a file, or to standard output."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if output:
        output.write_text(text + "\n", encoding="utf-8")
        command.stdout.write(f"Wrote {output}.")
    else:
        command.stdout.write(text)


def read_export(path: Path, *, max_bytes: int, kind: str):
    """An export's JSON, or a CommandError saying plainly why the file cannot be read."""
    try:
        if path.stat().st_size > max_bytes:
            raise CommandError(f"{path} is larger than {max_bytes // 1_000_000} MB: is it {kind}?")
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:  # not UTF-8, not JSON, a number of thousands of digits
        raise CommandError(f"Cannot read {path}: {error}") from None
    except RecursionError:
        raise CommandError(f"Cannot read {path}: it is nested too deeply to be {kind}.") from None
