// The rules summary's outline: its parts, sections (by rule number) and items, in order. The
// words are the catalogs' (i18n/catalogs/<lang>/rules.json): rules.ui.*, rules.word.* (drawn in
// the pictures), rules.picture.<name>.alt and .caption, rules.part.<id>, rules.section.<rule>.title
// and .short, and rules.text.<rule> (a rule's paragraph) or rules.text.<rule>.p<n> (a paragraph
// of a section's own). rules_view.js puts them together. Items: ['R4.4'] a rule, ['p', 'R4.p1']
// a paragraph, ['fig', name] a picture (rules_pictures.js). Marks: **strong**, *emphasis*, `code`.

export const OUTLINE = {
    ui: ['title', 'pageTitle', 'closeLabel', 'contents', 'newTab', 'language', 'backToGame'],
    words: [
        'land',
        'waterfall',
        'up2',
        'down2',
        'lost',
        'pushed',
        'elk',
        'beaver',
        'weather',
        'joeMove',
    ],
    pictures: [
        'river',
        'move',
        'steal',
        'flow',
        'double',
        'lasso',
        'whirlpool',
        'elk',
        'beaver',
        'joe',
    ],
    parts: [
        {
            id: 'base',
            sections: [
                {
                    rule: 'R1',
                    items: [['R1.1'], ['R1.2'], ['R1.3'], ['R1.4'], ['R1.5'], ['R1.6'], ['R1.7']],
                },
                {
                    rule: 'R2',
                    items: [['fig', 'river'], ['R2.1'], ['R2.2'], ['R2.3'], ['R2.4'], ['R2.6']],
                },
                {
                    rule: 'R3',
                    items: [['R3.1'], ['R3.2'], ['R3.3'], ['R3.4'], ['R3.5'], ['R3.6']],
                },
                {
                    rule: 'R4',
                    items: [
                        ['fig', 'move'],
                        ['R4.1'],
                        ['R4.2'],
                        ['R4.3'],
                        ['R4.4'],
                        ['R4.5'],
                        ['R4.6'],
                        ['R4.7'],
                        ['R4.8'],
                    ],
                },
                {
                    rule: 'R5',
                    items: [
                        ['R5.1'],
                        ['R5.2'],
                        ['R5.3'],
                        ['R5.4'],
                        ['R5.5'],
                        ['R5.6'],
                        ['R5.7'],
                        ['R5.8'],
                        ['R5.9'],
                    ],
                },
                {
                    rule: 'R6',
                    items: [
                        ['fig', 'steal'],
                        ['R6.1'],
                        ['R6.2'],
                        ['R6.3'],
                        ['R6.4'],
                        ['R6.5'],
                        ['R6.6'],
                    ],
                },
                {
                    rule: 'R7',
                    items: [['R7.1'], ['R7.2'], ['R7.3'], ['fig', 'flow'], ['R7.4']],
                },
                {
                    rule: 'R8',
                    items: [['R8.1'], ['R8.2'], ['R8.3'], ['R8.4']],
                },
                {
                    rule: 'R9',
                    items: [['R9.1'], ['R9.2'], ['R9.3'], ['R9.4']],
                },
            ],
        },
        {
            id: 'spirits',
            sections: [
                {
                    rule: 'R10',
                    items: [
                        ['R10.1'],
                        ['fig', 'double'],
                        ['p', 'R10.p1'],
                        ['R10.2'],
                        ['R10.3'],
                        ['R10.4'],
                        ['fig', 'whirlpool'],
                        ['R10.5'],
                        ['fig', 'lasso'],
                        ['R10.6'],
                        ['R10.7'],
                        ['fig', 'beaver'],
                        ['R10.8'],
                        ['fig', 'elk'],
                    ],
                },
            ],
        },
        {
            id: 'joe',
            sections: [
                {
                    rule: 'R11',
                    items: [
                        ['R11.1'],
                        ['R11.2'],
                        ['R11.3'],
                        ['R11.4'],
                        ['R11.5'],
                        ['R11.6'],
                        ['fig', 'joe'],
                    ],
                },
            ],
        },
        {
            id: 'table',
            sections: [
                {
                    rule: 'R12',
                    items: [
                        ['R12.1'],
                        ['R12.2'],
                        ['p', 'R12.p1'],
                        ['p', 'R12.p2'],
                        ['p', 'R12.p3'],
                    ],
                },
            ],
        },
    ],
};
