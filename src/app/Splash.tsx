import Logo from './Logo';

/**
 * The start-up screen (docs/product.md#start-up-and-the-route-guard): the logo and "Connecting Markets..." for SPLASH_MS. Before
 * the translations have loaded it shows the logo with a spinner only. `busy` names what is still
 * loading under it ("Authenticating..." while the session is checked), with a spinner.
 */
export default function Splash({ text, busy }: { text?: string; busy?: string }) {
  return (
    <div className="splash" role="status" aria-live="polite" data-testid="splash">
      <Logo size={88} />
      {text ? <p className="splash__text">{text}</p> : <span className="spinner__wheel" role="img" aria-label="…" />}
      {text && busy ? (
        <span className="spinner spinner--inline splash__busy">
          <span className="spinner__wheel" aria-hidden="true" />
          <span>{busy}</span>
        </span>
      ) : null}
    </div>
  );
}
