// TEMPORARY stub until the speech branch lands.
public enum Transliterator { public static func transliterate(_ greek: String) -> String { greek } }
