//! The little XML that CBF records use, read by hand: elements with
//! attributes, text, CDATA sections, the five named entities and numeric
//! character references. Declarations, comments, processing instructions
//! and doctypes are skipped. Enough for CBF; no general XML reader.

/// A piece of an XML text, and where it begins (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// `<name a="v">` or `<name a="v"/>`.
    Start { name: String, attributes: Vec<(String, String)>, empty: bool },
    /// `</name>`.
    End { name: String },
    /// Text or a CDATA section, entities decoded.
    Text(String),
}

/// XML that cannot be read: what is wrong, at a line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct XmlError {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
}

/// The events of `text`, each with its line and column.
pub(crate) struct Events<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Events<'a> {
    pub(crate) fn new(text: &'a str) -> Events<'a> {
        Events { rest: text.trim_start_matches('\u{feff}'), line: 1, column: 1 }
    }

    fn error(&self, message: impl Into<String>) -> XmlError {
        XmlError { line: self.line, column: self.column, message: message.into() }
    }

    /// Moves past the first `length` bytes, counting lines and columns.
    fn advance(&mut self, length: usize) -> &'a str {
        let (taken, rest) = self.rest.split_at(length);
        for character in taken.chars() {
            if character == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.rest = rest;
        taken
    }

    /// Moves past everything up to and including `end`.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<&'a str, XmlError> {
        let at =
            self.rest.find(end).ok_or_else(|| self.error(format!("{what} is never closed with {end}")))?;
        let inside = self.advance(at);
        self.advance(end.len());
        Ok(inside)
    }

    /// The next event and where it begins, `None` at the end, or the problem.
    pub(crate) fn next_event(&mut self) -> Option<Result<(Event, usize, usize), XmlError>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (line, column) = (self.line, self.column);
            let event = if self.rest.starts_with("<!--") {
                match self.skip_past("-->", "this comment") {
                    Ok(_) => continue,
                    Err(error) => return Some(Err(error)),
                }
            } else if self.rest.starts_with("<![CDATA[") {
                self.advance("<![CDATA[".len());
                self.skip_past("]]>", "this CDATA section").map(|text| Event::Text(text.to_string()))
            } else if self.rest.starts_with("<?") || self.rest.starts_with("<!") {
                match self.skip_past(">", "this declaration") {
                    Ok(_) => continue,
                    Err(error) => return Some(Err(error)),
                }
            } else if self.rest.starts_with("</") {
                self.advance(2);
                self.skip_past(">", "this end tag").map(|name| Event::End { name: name.trim().to_string() })
            } else if self.rest.starts_with('<') {
                self.start_tag()
            } else {
                let length = self.rest.find('<').unwrap_or(self.rest.len());
                let raw = self.advance(length);
                decode(raw).map(Event::Text).map_err(|message| XmlError { line, column, message })
            };
            return Some(event.map(|event| (event, line, column)));
        }
    }

    fn start_tag(&mut self) -> Result<Event, XmlError> {
        let (line, column) = (self.line, self.column);
        let inside = self.skip_past(">", "this tag")?;
        let inside = &inside[1..];
        let (inside, empty) = match inside.strip_suffix('/') {
            Some(inside) => (inside, true),
            None => (inside, false),
        };
        let error = |message: String| XmlError { line, column, message };
        let name_end = inside.find(|c: char| c.is_whitespace()).unwrap_or(inside.len());
        let name = inside[..name_end].to_string();
        if name.is_empty() {
            return Err(error("a tag without a name".to_string()));
        }
        let mut attributes = Vec::new();
        let mut rest = inside[name_end..].trim_start();
        while !rest.is_empty() {
            let equals = rest
                .find('=')
                .ok_or_else(|| error(format!("the attribute {rest:?} of <{name}> has no value")))?;
            let key = rest[..equals].trim().to_string();
            let after = rest[equals + 1..].trim_start();
            let quote = after.chars().next().filter(|&c| c == '"' || c == '\'');
            let quote =
                quote.ok_or_else(|| error(format!("the value of {key} in <{name}> is not in quotes")))?;
            let close = after[1..]
                .find(quote)
                .ok_or_else(|| error(format!("the value of {key} in <{name}> is never closed")))?;
            let value = decode(&after[1..1 + close]).map_err(error)?;
            attributes.push((key, value));
            rest = after[close + 2..].trim_start();
        }
        Ok(Event::Start { name, attributes, empty })
    }
}

/// `raw` with its entities and character references decoded.
fn decode(raw: &str) -> Result<String, String> {
    let mut text = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        text.push_str(&rest[..at]);
        let end = rest[at..].find(';').ok_or_else(|| format!("the entity in {:?} has no ;", &rest[at..]))?;
        let entity = &rest[at + 1..at + end];
        let character = match entity {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| entity.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        text.push(character.ok_or_else(|| format!("&{entity}; is no entity known here"))?);
        rest = &rest[at + end + 1..];
    }
    text.push_str(rest);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(text: &str) -> Result<Vec<(Event, usize, usize)>, XmlError> {
        let mut events = Events::new(text);
        core::iter::from_fn(|| events.next_event()).collect()
    }

    #[test]
    fn elements_attributes_text_and_cdata() {
        let text = "\u{feff}<?xml version=\"1.0\"?>\n<!-- note -->\n<a x=\"1 &amp; 2\" y='&#x4E2D;'>\n <b/><c><![CDATA[<raw>]]></c></a>";
        let read: Vec<Event> = events(text).unwrap().into_iter().map(|(event, _, _)| event).collect();
        let start = |name: &str, attributes: Vec<(&str, &str)>, empty| Event::Start {
            name: name.into(),
            attributes: attributes.into_iter().map(|(k, v)| (k.into(), v.into())).collect(),
            empty,
        };
        assert_eq!(
            read,
            [
                Event::Text("\n".into()),
                Event::Text("\n".into()),
                start("a", vec![("x", "1 & 2"), ("y", "中")], false),
                Event::Text("\n ".into()),
                start("b", vec![], true),
                start("c", vec![], false),
                Event::Text("<raw>".into()),
                Event::End { name: "c".into() },
                Event::End { name: "a".into() },
            ]
        );
        let located = events("<a>\n  <b x=1/>").unwrap_err();
        assert_eq!((located.line, located.column), (2, 3));
        assert_eq!(located.message, "the value of x in <b> is not in quotes");
        assert_eq!(events("<a>&nbsp;</a>").unwrap_err().message, "&nbsp; is no entity known here");
        assert_eq!(
            events("<a><![CDATA[x").unwrap_err().message,
            "this CDATA section is never closed with ]]>"
        );
    }
}
