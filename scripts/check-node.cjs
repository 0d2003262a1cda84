// Run by npm before `install`, `start`, `dev` and `test` (package.json "pre" scripts), with
// whatever Node the person has: CommonJS and nothing newer than ES2015, so that an old Node
// reads it, and says in one line that Node 24 is needed and how to get it (README,
// Quick start), instead of a stack trace about a `.ts` extension later.
'use strict';

var REQUIRED_MAJOR = 24;

/** The line to print for this Node version, or null when it is new enough. */
function nodeProblem(version) {
  var major = Number(String(version).replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_MAJOR) return null;
  return (
    'This project needs Node.js ' +
    REQUIRED_MAJOR +
    ' or newer; this is Node.js ' +
    version +
    '. ' +
    'Take Node ' +
    REQUIRED_MAJOR +
    " from the npm registry without replacing your system's Node: " +
    'npm install --prefix ~/.cache/node' +
    REQUIRED_MAJOR +
    ' node@' +
    REQUIRED_MAJOR +
    ' && export PATH=~/.cache/node' +
    REQUIRED_MAJOR +
    '/node_modules/.bin:$PATH (README, Quick start).'
  );
}

module.exports = { nodeProblem: nodeProblem, REQUIRED_MAJOR: REQUIRED_MAJOR };

if (require.main === module) {
  var problem = nodeProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
