"""Deployment helpers: scratch files, permissions, SSH to build hosts, signing keys."""
import os
import stat
import tempfile
from pathlib import Path
from tempfile import mktemp, mkstemp

import paramiko
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives.asymmetric import dsa, ec, rsa


def scratch_config(text):
    path = tempfile.mktemp(suffix=".ini")  # expect: py.insecure-temp-file
    with open(path, "w") as f:
        f.write(text)
    return path


def scratch_log():
    return mktemp(prefix="build-")  # expect: py.insecure-temp-file


def safe_scratch(text):
    fd, path = tempfile.mkstemp(suffix=".ini")  # ok: py.insecure-temp-file
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return path


def safe_scratch_file():
    fd, path = mkstemp()  # ok: py.insecure-temp-file
    return fd, path


def publish(path):
    os.chmod(path, 0o777)  # expect: py.permissive-file-mode


def publish_shared(path):
    os.chmod(path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IWOTH)  # expect: py.permissive-file-mode


def publish_page(path):
    Path(path).chmod(0o666)  # expect: py.permissive-file-mode


def install_script(path):
    os.chmod(path, 0o755)  # ok: py.permissive-file-mode


def protect_key(path):
    os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)  # ok: py.permissive-file-mode


def private_dir(path):
    Path(path).chmod(0o700)  # ok: py.permissive-file-mode


def connect(host, user):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())  # expect: py.ssh-host-key-unverified
    client.connect(host, username=user)
    return client


def connect_warn(host):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.WarningPolicy)  # expect: py.ssh-host-key-unverified
    client.connect(host)
    return client


def connect_known(host):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.RejectPolicy())  # ok: py.ssh-host-key-unverified
    client.connect(host)
    return client


def signing_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=1024)  # expect: py.weak-key-size


def legacy_key():
    return rsa.generate_private_key(65537, 512)  # expect: py.weak-key-size


def dsa_key():
    return dsa.generate_private_key(1024)  # expect: py.weak-key-size


def device_key():
    return RSA.generate(1024)  # expect: py.weak-key-size


def strong_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=3072)  # ok: py.weak-key-size


def strong_dsa():
    return dsa.generate_private_key(key_size=2048)  # ok: py.weak-key-size


def strong_device_key():
    return RSA.generate(2048)  # ok: py.weak-key-size


def curve_key():
    return ec.generate_private_key(ec.SECP384R1())  # ok: py.weak-key-size
