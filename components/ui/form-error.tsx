import { Link } from '@/components/ui/link';
import { routes } from '@/lib/routes';

export type FormErrorProps = {
  id?: string;
  message?: string;
  /** The action found the person signed out: offer the way back in. */
  signedOut?: boolean;
  className?: string;
};

/** Why something did not work, read out when it appears (role=alert); nothing when there is no message. */
export function FormError({ id, message, signedOut, className = '' }: FormErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`error-text ${className}`}>
      {message}
      {signedOut ? (
        <>
          {' '}
          <Link href={routes.signIn} className="link">
            Sign in
          </Link>
        </>
      ) : null}
    </p>
  );
}
