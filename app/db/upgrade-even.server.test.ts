import { describeUpgrades, releasesInTurn } from "../../tests/upgrades";

// Upgrading a database of every other earlier release, from the second (2nd, 4th, 6th...): the checks are in
// tests/upgrades.ts; upgrade.server.test.ts takes the others, in a worker of its own beside this one.
describeUpgrades(releasesInTurn(1, 2));
