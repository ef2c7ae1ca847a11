import argparse
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    args = parser.parse_args()
    os.system("tar czf backup.tgz " + args.directory)  # vuln: command-injection


if __name__ == "__main__":
    main()
