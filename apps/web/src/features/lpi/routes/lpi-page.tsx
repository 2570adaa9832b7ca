/** The LPI profile page: being built in this session. */
export function Component() {
  return null;
}
