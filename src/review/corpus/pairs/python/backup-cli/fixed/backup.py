import argparse
import subprocess


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    args = parser.parse_args()
    subprocess.run(["tar", "czf", "backup.tgz", args.directory], check=True)  # safe: command-injection argument list


if __name__ == "__main__":
    main()
