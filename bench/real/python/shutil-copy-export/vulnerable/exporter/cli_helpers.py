import os
import shutil

REPORTS_DIR = "/var/lib/reports"
EXPORT_DIR = "/var/lib/reports/export"


def export_report(report_name, export_name=None):
    src = os.path.join(REPORTS_DIR, report_name)
    dest = os.path.join(EXPORT_DIR, export_name or report_name)
    shutil.copy(src, dest)
    return dest
