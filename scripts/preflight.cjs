'use strict';
/*
 * Runs before every npm script (package.json): on an old Node.js the app fails late and obscurely
 * (Node 20 waits for `ERR_UNKNOWN_FILE_EXTENSION ".ts"`), so this stops at once with DESIGN §19's
 * message. Plain CommonJS with no dependencies and no recent syntax, so any Node.js can run it.
 * `npm install` is stopped earlier still by engine-strict in .npmrc (npm runs a root preinstall only
 * after installing the dependencies).
 */
const REQUIRED_MAJOR = 24;

/** The message for a Node.js too old to run eTA Desk, or null when `version` (`v24.1.0`) will do. */
function nodeVersionProblem(version) {
  const major = Number.parseInt(String(version).replace(/^v/, '').split('.')[0], 10);
  if (major >= REQUIRED_MAJOR) return null;
  return `eTA Desk needs Node.js ${REQUIRED_MAJOR} or newer (found ${version}).`;
}

module.exports = { REQUIRED_MAJOR, nodeVersionProblem };

if (require.main === module) {
  const problem = nodeVersionProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
