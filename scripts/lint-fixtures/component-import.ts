// Lint fixture (scripts/lint-boundaries.test.ts lints it as a file of lib/): a props type taken
// from components/, as lib/blogs/list.ts once did. Never imported; the lint run ignores it.
import type { ButtonHTMLAttributes } from 'react';
import { buttonStyles } from '@/components/ui/button';

export const primary: string = buttonStyles.primary;
export type Props = ButtonHTMLAttributes<HTMLButtonElement>;
