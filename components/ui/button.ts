/** Button looks (app/globals.css, "components"), shared by server and client components. */
export const buttonStyles = {
  primary: 'btn btn-primary',
  danger: 'btn btn-danger',
  secondary: 'btn btn-secondary',
  /** Quiet, in a row of actions; a toggle shows its pressed state through aria-pressed. */
  ghost: 'btn-ghost',
} as const;
