/** English texts of Heal (spec 002 §2.12). Spec strings are copied exactly. */
export const heal = {
  heal: {
    bucket: 'Bucket',
    selectBucket: 'Select Bucket',
    prefix: 'Prefix',
    recursive: 'Recursive',
    forceStart: 'Force Start',
    forceStop: 'Force Stop',
    start: 'Start',
    chartTitle: "Item's Health Status [%]",
    before: 'Before healing',
    after: 'After healing',
    colours: { Green: 'Green', Yellow: 'Yellow', Red: 'Red', Grey: 'Grey' },
    bar: '{{colour}} {{when}}: {{percent}}%',
    sizeScanned: 'Size scanned',
    objectsHealed: 'Objects healed',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'Healing time',
    seconds: '{{seconds}}s',
    summary: 'Status: {{summary}}',
    notDistributed: 'Heal needs a distributed (erasure-coded) setup.',
  },
} as const;
