def check_password(email, password):
    return None
