import re

EMAIL = re.compile(r"^(\w+\.?)*@example\.com$")


def is_company_email(address):
    if len(address) > 254:
        return False
    return EMAIL.match(address) is not None
