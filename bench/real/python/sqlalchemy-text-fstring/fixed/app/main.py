from fastapi import Depends, FastAPI

from .db import get_session
from .repo import tickets_for

app = FastAPI()


@app.get("/tickets")
def list_tickets(status: str = "open", session=Depends(get_session)):
    return tickets_for(session, status)
