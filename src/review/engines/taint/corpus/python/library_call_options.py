# A build tool's helpers that call the package's own runner and renderer (imported: their bodies are unknown here).
# A caller's directory or timeout is where and how long a call runs, not what it returns; its text is what it returns.
import sqlite3

from .process import render_notes, run_command

db = sqlite3.connect("builds.db")


def record_head(repo_dir):
    sha = run_command(["git", "rev-parse", "HEAD"], cwd=repo_dir, timeout=10).strip()
    db.execute("INSERT INTO builds (sha) VALUES ('%s')" % sha)  # safe: sql-injection the directory is where git ran, not its output


def record_notes(title, repo_dir):
    notes = render_notes(title=title, cwd=repo_dir)
    db.execute("INSERT INTO notes (body) VALUES ('%s')" % notes)  # vuln: sql-injection
