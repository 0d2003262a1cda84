// Lint fixture (scripts/lint-boundaries.test.ts): a and b import each other.
import { b } from './cycle-b.ts';

export const a = () => b() + 1;
