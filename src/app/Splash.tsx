import Logo from './Logo';

/**
 * The start-up screen (docs/product.md#start-up-and-the-route-guard): the logo and "Connecting Markets..." for SPLASH_MS. Before
 * the translations have loaded it shows the logo with a spinner only.
 */
export default function Splash({ text }: { text?: string }) {
  return (
    <div className="splash" role="status" aria-live="polite" data-testid="splash">
      <Logo size={88} />
      {text ? <p className="splash__text">{text}</p> : <span className="spinner__wheel" role="img" aria-label="…" />}
    </div>
  );
}
