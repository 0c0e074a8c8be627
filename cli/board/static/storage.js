// The browser's storage (it may be refused: private windows, blocked cookies): the language
// chosen and the ✓s of the collection, kept across visits when it can be.

export const store = {
  get(key, fallback) {
    try {
      const text = window.localStorage.getItem(key);
      return text === null ? fallback : JSON.parse(text);
    } catch (e) {
      return fallback;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      // nothing kept: the board works the same
    }
  },
};
