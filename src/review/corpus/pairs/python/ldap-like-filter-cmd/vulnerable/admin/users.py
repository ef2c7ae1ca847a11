import subprocess


class UserAdmin:
    def lock(self, username):
        subprocess.call("usermod -L " + username, shell=True)  # vuln: command-injection
