// Files of a project's own test suites: tests, fixtures, benchmarks and end-to-end suites (`test/`, `__tests__/`,
// `x.test.js`, `x.spec.ts`, a bundled `x.tests.js`, a small package's one `test.js`, `test_x.py`, `conftest.py`). Their servers, patterns and
// commands meet only what the suite feeds them, never input anyone else chooses. Examples and scripts are not
// suites: users copy examples, and scripts run on real input.
export const suitePath =
  /(?:^|\/)(?:tests?|__tests?__|spec|specs|fixtures?|benchmarks?|bench|e2e)\/|[._-](?:tests?|specs?)\.[cm]?[jt]sx?$|(?:^|\/)tests?\.[cm]?[jt]sx?$|(?:^|\/)test_[^/]*\.py$|_test\.py$|(?:^|\/)conftest\.py$/;
