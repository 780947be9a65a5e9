// A journey's server whose clock can be moved forward (loaded with `--import`): each SIGUSR2
// moves Date (now and new Date()) SERVER_CLOCK_STEP_MS ahead, so "three minutes later" on
// the server takes no three minutes of the test's time.
const RealDate = Date;
const step = Number(process.env.SERVER_CLOCK_STEP_MS ?? 3 * 60_000);
let offset = 0;
process.on('SIGUSR2', () => {
  offset += step;
});
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;
