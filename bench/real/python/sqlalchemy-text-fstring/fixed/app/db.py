from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine("postgresql+psycopg://app@localhost/tickets")
Session = sessionmaker(engine)


def get_session():
    with Session() as s:
        yield s
