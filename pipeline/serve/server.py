"""`claimaudit serve`: the workspace app (serve/app.py) run by uvicorn on 127.0.0.1 unless
--host says otherwise (then a warning: anyone who can reach that address can write files in
the workspace). starlette and uvicorn are imported here only, so other commands stay fast."""

from __future__ import annotations

import sys
from pathlib import Path

from claimaudit.input import settings
from claimaudit.serve.app import create_app

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(workspace: Path, host: str = "127.0.0.1", port: int = 8321) -> int:
    import uvicorn

    workspace = Path(workspace)
    workspace.mkdir(parents=True, exist_ok=True)
    if host not in LOOPBACK:
        print(f"claimaudit: warning: listening on {host}, not 127.0.0.1: anyone who can reach "
              f"it can read and write files in {workspace}", file=sys.stderr)
    found = settings.load(workspace.resolve())
    app = create_app(workspace, host, port,
                     {"reviewer": found.reviewer, "base_url": found.base_url})
    shown = f"[{host}]" if ":" in host else host
    print(f"claimaudit workspace on http://{shown}:{port}/ (folder {workspace.resolve()}); "
          "Ctrl-C stops it", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
