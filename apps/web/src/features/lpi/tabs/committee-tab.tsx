import { Stack } from '@mantine/core';
import { TypedGridsUnit } from '../components/grid/typed-grids-unit';
import type { LpiTabProps } from '../lib/scope';

/** Investment Committee (/lpi/committee): senior and junior grids, and their US-based variant (its own save unit). */
export default function CommitteeTab({ scope, readOnly }: LpiTabProps) {
  return (
    <Stack gap="xl">
      <TypedGridsUnit tab="committee" scope={scope} readOnly={readOnly} />
      <TypedGridsUnit tab="us_committee" scope={scope} readOnly={readOnly} />
    </Stack>
  );
}
