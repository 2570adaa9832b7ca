import { Stack } from '@mantine/core';
import { TypedGridsUnit } from '../components/grid/typed-grids-unit';
import type { LpiTabProps } from '../lib/scope';

/** Investment Staff (/lpi/investment): senior and junior grids, and their US-based variant (its own save unit). */
export default function InvestmentTab({ scope, readOnly }: LpiTabProps) {
  return (
    <Stack gap="xl">
      <TypedGridsUnit tab="investment" scope={scope} readOnly={readOnly} />
      <TypedGridsUnit tab="us_investment" scope={scope} readOnly={readOnly} />
    </Stack>
  );
}
