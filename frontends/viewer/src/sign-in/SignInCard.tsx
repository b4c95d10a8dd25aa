import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../styles/sign-in.css';

/** The frame of both login steps: the title of SPEC §2.7 and the 18+ rule of the terms (DECISIONS D26). */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <section className="vw-signin" aria-labelledby="vw-signin-title">
      <div className="vw-signin__glow" aria-hidden="true" />
      <div className="vw-signin__card">
        <p className="vw-eyebrow">Welcome to Chitram</p>
        <h1 id="vw-signin-title" className="vw-signin__title">
          Login to Continue
        </h1>
        {children}
        <p className="vw-signin__terms">
          <span className="vw-signin__age" aria-hidden="true">
            18+
          </span>
          <span>
            Chitram is for viewers aged 18 or over. By continuing you confirm you are 18 or older and agree to
            our <Link to="/tnc">Terms and Conditions</Link> and{' '}
            <Link to="/privacypolicy">Privacy Policy</Link>.
          </span>
        </p>
      </div>
    </section>
  );
}
