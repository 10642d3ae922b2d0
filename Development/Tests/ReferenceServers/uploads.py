"""What the upload mutations answer: one description per uploaded file, computed from the bytes the server read."""

from __future__ import annotations

import hashlib

CHUNK_SIZE = 1 << 20


async def describe(upload) -> dict:
    """filename, contentType, size and sha256 of a Starlette UploadFile, read from its start in chunks; the same file
    given at several variable paths is one object, so every read begins by rewinding it."""
    await upload.seek(0)
    digest = hashlib.sha256()
    size = 0
    while chunk := await upload.read(CHUNK_SIZE):
        digest.update(chunk)
        size += len(chunk)
    return {
        "filename": upload.filename or "",
        "contentType": upload.content_type or "",
        "size": size,
        "sha256": digest.hexdigest(),
    }
