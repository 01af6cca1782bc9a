/** The shortcut sheet's contents (DESIGN §23): what each key does, where it works. */
export interface KeyEntry {
  keys: string[];
  does: string;
}

export const KEY_GROUPS: { title: string; entries: KeyEntry[] }[] = [
  {
    title: 'Anywhere',
    entries: [
      { keys: ['/'], does: 'Find an order' },
      { keys: ['Ctrl', 'K'], does: 'Find an order (also while typing)' },
      { keys: ['?'], does: 'Show these shortcuts' },
      { keys: ['g', 'n'], does: 'Go to New Orders' },
      { keys: ['g', 'p'], does: 'Go to Priority Orders' },
      { keys: ['g', 'm'], does: 'Go to My Orders' },
      { keys: ['g', 'h'], does: 'Go to Order History' },
    ],
  },
  {
    title: 'In a queue',
    entries: [
      { keys: ['j'], does: 'Next row' },
      { keys: ['k'], does: 'Previous row' },
      { keys: ['Enter'], does: 'Open the order of the row' },
      { keys: ['o'], does: 'Open the order of the row' },
      { keys: ['x'], does: 'Select or unselect the row' },
      { keys: ['a'], does: 'Assign the selected orders to me' },
      { keys: ['n'], does: 'Next order (New, Priority, Process 5th March)' },
    ],
  },
  {
    title: 'On an order',
    entries: [
      { keys: ['r'], does: 'Write a remark' },
      { keys: ['Ctrl', 'Enter'], does: 'Save the remark' },
      { keys: ['u'], does: 'Choose the eTA file to upload' },
      { keys: ['Escape'], does: 'Back to where you came from' },
    ],
  },
];

/** `g` then one of these: the folder (orderName) it goes to. */
export const GO_TO: Readonly<Record<string, string>> = {
  n: 'newOrder',
  p: 'priorityOrder',
  m: 'myOrder',
  h: 'allorder',
};
