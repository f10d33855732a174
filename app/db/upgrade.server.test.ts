import { describeUpgrades, releasesInTurn } from "../../tests/upgrades";

// Upgrading a database of every other earlier release, from the first (1st, 3rd, 5th...): the checks are in
// tests/upgrades.ts; upgrade-even.server.test.ts takes the others, in a worker of its own beside this one.
describeUpgrades(releasesInTurn(0, 2));
