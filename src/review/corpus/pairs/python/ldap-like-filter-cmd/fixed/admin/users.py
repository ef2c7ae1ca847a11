import subprocess


class UserAdmin:
    def lock(self, username):
        subprocess.call(["usermod", "-L", "--", username])  # safe: command-injection argument list
