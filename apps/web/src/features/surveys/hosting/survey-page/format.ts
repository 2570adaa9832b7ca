/** A percentage with at most one decimal: 12.5%. */
export const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
