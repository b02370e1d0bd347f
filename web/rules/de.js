// Die Regeln in Kürze, auf Deutsch: das Grundspiel, Flussgeister am Niagara und Diamond Joe,
// nach RULES.md (dieselben Regelnummern), mit den Wörtern der deutschen Ausgabe (Edelsteine,
// Fundstellen, Paddelkarten, Rettungsring, Wasserfall). Dieselbe Form wie rules/en.js.

export default {
    lang: 'de',
    ui: {
        title: 'So spielt man Niagara',
        pageTitle: 'Niagara: die Regeln in Kürze',
        closeLabel: 'Regeln schließen',
        contents: 'Inhalt',
        newTab: 'Als Seite öffnen',
        language: 'Sprache',
        backToGame: 'Zurück zum Spiel',
    },
    words: {
        land: 'Land',
        waterfall: 'WASSERFALL',
        up2: 'hinauf 2',
        down2: 'hinab 2',
        lost: 'verloren',
        pushed: 'abgetrieben',
        elk: 'Elch +2',
        beaver: 'Biber',
        weather: 'Wetter',
        joeMove: 'hinauf laut Karte',
    },
    pictures: {
        river: [
            'Der Fluss: das Land, T1 bis T5, die Gabelung in L6 L7 und R6 R7, dann der Wasserfall; die fünf Fundstellen neben T3, T4, T5, an der Landzunge (blau) und an der Kante (rot).',
            'Der Fluss. Die Edelsteine warten an den Fundstellen neben T3 (violett), T4 (farblos), T5 (gelb), L6/R6 (blau) und L7/R7 (rot).',
        ],
        move: [
            'Karte 3: Kanu 1 kommt vom Land ins Wasser und paddelt 3 Felder bis T3; Kanu 2 lädt an T4 für 2 Punkte einen farblosen Edelstein und paddelt dann 1 Feld bis T5.',
            'Eine Zahlenkarte gibt jedem Kanu, das fährt, ihre Punkte.',
        ],
        steal: [
            'Stehlen: mit Karte 2 paddelt das orange Kanu von T5 flussaufwärts nach T3 und hält neben dem grünen Kanu mit einem roten Edelstein; es darf ihn nehmen.',
            '2 Felder flussaufwärts zu einem beladenen Kanu: der rote Edelstein kann den Besitzer wechseln.',
        ],
        flow: [
            'Der Fluss macht einen Schritt: jede Scheibe fließt ein Feld weiter; die Scheibe von T5 gleitet in den Arm, auf den die Fahne zeigt; die letzte Scheibe dieses Arms stürzt mit ihrem Kanu und dessen blauem Edelstein hinab.',
            'Tempo 1: alles fließt ein Feld weiter; die Fahne zeigt nach links, also stürzt die Scheibe von L7.',
        ],
        double: [
            'Das Doppelkanu trägt zwei Edelsteine (hier violett und farblos); das einfache Kanu nur einen (gelb).',
            'Das Doppelkanu (dein Kanu 1) trägt zwei Edelsteine und darf zwei stehlen.',
        ],
        lasso: [
            'Lasso: deine Kanus im Fluss warten am Ufer neben ihren Feldern, während der Fluss fließt; dort kann sie niemand bestehlen.',
            'Kanus am Lasso warten am Ufer (gestrichelt), während die Scheiben vorbeiziehen.',
        ],
        whirlpool: [
            'Strudel auf T4: ein Kanu paddelt von T2 zwei Felder flussabwärts und endet darauf, also wird es ein Feld flussabwärts getrieben, nach T5.',
            '2 Felder flussabwärts auf den Strudel auf T4: das Kanu landet auf T5.',
        ],
        elk: [
            'Der Eilige Elch: ein Kanu auf L7 nimmt ihn zu Beginn des Zuges seines Besitzers auf und hat ab dann 2 Punkte mehr: mit Karte 3 paddelt es 5 Felder flussaufwärts, bis T2.',
            'Ein Kanu an der Kante mit dem Elch: Karte 3 bringt es 5 Felder weit, von L7 hinauf bis T2.',
        ],
        beaver: [
            'Der Badende Biber: wird das Wetter auf +2 gestellt, springt er auf die Scheibe bei T1; stürzt er den Wasserfall hinab, geht das Wetter zurück auf 0.',
            'Wetter +2 bringt den Biber bei T1 in den Fluss.',
        ],
        joe: [
            'Diamond Joe: ein schwarzes neutrales Kanu mit einem farblosen Edelstein auf T4; nach dem Fluss paddelt er flussaufwärts, so weit die Karte des Startspielers zeigt. Dein Kanu neben ihm darf einen Edelstein nehmen, tauschen oder abgeben.',
            'Joe trägt auf T4 einen farblosen Edelstein; dein Kanu neben ihm darf mit ihm handeln.',
        ],
    },
    parts: [
        {
            id: 'base',
            title: 'Das Spiel',
            intro: '**Ziel.** Paddle den Fluss hinab, lade an den Fundstellen Edelsteine und bring sie an Land, bevor der Wasserfall deine Kanus holt. Du brauchst *5 Edelsteine in 5 Farben*, oder *4 einer Farbe*, oder *7 beliebige*.',
            sections: [
                {
                    rule: 'R1',
                    title: 'Material und Aufbau',
                    short: 'Aufbau',
                    items: [
                        [
                            'R1.1',
                            '3 bis 5 Personen, mit den Flussgeistern bis zu 6. Die Plätze gehen reihum; dein linker Nachbar hat den nächsten Platz.',
                        ],
                        [
                            'R1.2',
                            'Fünf Edelsteinfarben: violett (Amethyst), farblos (Diamant), gelb (Bernstein), blau (Saphir) und rot (Rubin). Jede Farbe hat ihre Fundstelle.',
                        ],
                        [
                            'R1.3',
                            'Jede Fundstelle beginnt mit 7 Edelsteinen ihrer Farbe (mit den Flussgeistern: 6 zu dritt, 8 zu sechst). Edelsteine wandern nur: keiner kommt hinzu, keiner geht verloren.',
                        ],
                        [
                            'R1.4',
                            'Du hast 2 Kanus (mit den Flussgeistern: ein Doppelkanu und ein einfaches). Sie beginnen an Land.',
                        ],
                        [
                            'R1.5',
                            'Deine Paddelkarten: 1, 2, 3, 4, 5, 6 und die Wolke. Die Flussgeister bringen 7, Lasso und 1/2/3 dazu.',
                        ],
                        [
                            'R1.6',
                            'Die Wolke steht zu Beginn auf 0 der Wetterleiste (−1, 0, +1, +2).',
                        ],
                        [
                            'R1.7',
                            'Wer in Runde 1 den Rettungsring hat (der Startspieler), entscheidet das Los.',
                        ],
                    ],
                },
                {
                    rule: 'R2',
                    title: 'Der Fluss',
                    short: 'Der Fluss',
                    items: [
                        ['fig', 'river'],
                        [
                            'R2.1',
                            'Neun Felder auf Flussscheiben: T1 bis T5 vom Seil flussabwärts, dann die Gabelung in den linken Arm L6, L7 und den rechten Arm R6, R7 (flussabwärts gesehen). Hinter L7 und R7: der Wasserfall.',
                        ],
                        [
                            'R2.2',
                            'Die Fundstellen: violett bei T3, farblos bei T4, gelb bei T5, blau auf der Landzunge zwischen L6 und R6, rot neben L7 und R7. T1 und T2 haben keine.',
                        ],
                        [
                            'R2.3',
                            'Ein Kanu liegt auf einer Scheibe: wenn die Scheiben weiterziehen, fährt es mit.',
                        ],
                        [
                            'R2.4',
                            'Ein Schritt des Flusses: bei T1 kommt eine neue leere Scheibe hinzu, und jede Scheibe rückt ein Feld flussabwärts. Die Scheibe, die T5 verlässt, gleitet in den Arm, auf den die Fahne an der Gabelung zeigt; in diesem Arm stürzt die Scheibe von Feld 7 mit allem darauf den Wasserfall hinab. Der andere Arm bleibt stehen. Dann zeigt die Fahne auf den anderen Arm (sie beginnt links und wechselt immer ab).',
                        ],
                        [
                            'R2.6',
                            'Das Land grenzt nur an T1: Kanus kommen nur dort, über das Seil, in den Fluss und wieder heraus.',
                        ],
                    ],
                },
                {
                    rule: 'R3',
                    title: 'Eine Runde',
                    short: 'Eine Runde',
                    items: [
                        [
                            'R3.1',
                            '**Phase I.** Alle wählen gleichzeitig und geheim eine Karte aus der Hand. Davor darfst du verlorene Kanus zurückkaufen (R8.3).',
                        ],
                        [
                            'R3.2',
                            '**Phase II.** Beginnend beim Besitzer des Rettungsrings und dann im Uhrzeigersinn deckt jeder seine Karte auf und führt sie sofort aus. Wer später dran ist, sieht, was die anderen getan haben.',
                        ],
                        ['R3.3', '**Phase III.** Der Fluss fließt (R7).'],
                        [
                            'R3.4',
                            '**Phase IV.** Der Rettungsring geht an den linken Nachbarn, der die nächste Runde beginnt.',
                        ],
                        [
                            'R3.5',
                            '**Deine Hand.** Eine gespielte Karte kommt nicht zurück auf die Hand. Erst wenn du *alle* deine Karten gespielt hast (7 im Grundspiel, 10 mit der Erweiterung), nimmst du sie alle wieder auf, zu Beginn der nächsten Runde. Also wähle gut: eine hohe Karte jetzt ist eine hohe Karte, die dir später fehlt.',
                        ],
                        [
                            'R3.6',
                            'Hier wird jede gespielte Karte allen gezeigt, so weiß jeder, was in jeder Hand noch steckt (ein Tisch mit der Option „Gedächtnis“ zeigt nur die oberste Karte jedes Stapels). Deine gewählte Karte bleibt bis zu deinem Zug geheim.',
                        ],
                    ],
                },
                {
                    rule: 'R4',
                    title: 'Zahlenkarten: paddeln',
                    short: 'Paddeln',
                    items: [
                        ['fig', 'move'],
                        [
                            'R4.1',
                            'Die Zahl auf der Karte gibt jedem Kanu, das fährt, so viele Punkte.',
                        ],
                        [
                            'R4.2',
                            'Jedes deiner Kanus im Fluss muss fahren. Ist keines im Fluss, musst du genau ein Kanu vom Land ins Wasser bringen; sonst darfst du dein Kanu an Land zusätzlich ins Wasser bringen. Jedes Kanu nutzt alle Punkte für sich allein, eines nach dem anderen, in der Reihenfolge deiner Wahl.',
                        ],
                        [
                            'R4.3',
                            'Ein Feld kostet 1 Punkt, ebenso Land → T1 und T1 → Land. In einem Zug fährt ein Kanu nur in eine Richtung: flussaufwärts (zum Land) oder flussabwärts (zum Wasserfall). Flussabwärts hinter T5 wählst du den Arm; flussaufwärts aus einem Arm kommst du nach T5. Nie einen Arm hinauf und den anderen hinab.',
                        ],
                        [
                            'R4.4',
                            'Alle Punkte müssen verbraucht werden. Einzige Ausnahme: ein Kanu, das flussaufwärts das Land erreicht, darf dort anhalten.',
                        ],
                        ['R4.5', 'Ein Kanu an Land kann nur flussabwärts fahren, in den Fluss.'],
                        [
                            'R4.6',
                            'Du darfst absichtlich über den Wasserfall paddeln: das Kanu ist dann verloren (R8).',
                        ],
                        [
                            'R4.7',
                            'Kanus blockieren einander nie; auf einem Feld dürfen beliebig viele liegen.',
                        ],
                        [
                            'R4.8',
                            'Ein Kanu, das an Land angekommen ist, bleibt dort bis zu deinem nächsten Zug.',
                        ],
                    ],
                },
                {
                    rule: 'R5',
                    title: 'Edelsteine laden und abladen',
                    short: 'Edelsteine',
                    items: [
                        ['R5.1', 'Ein Kanu trägt einen Edelstein, ein Doppelkanu zwei.'],
                        [
                            'R5.2',
                            'Es lädt und lädt ab nur an der Fundstelle neben seinem Feld. Land, T1 und T2 haben keine.',
                        ],
                        [
                            'R5.3',
                            'Jeder geladene oder abgeladene Edelstein kostet dieses Kanu 2 Punkte, es fährt also 2 Felder weniger. Mit Karte 1 kann kein Edelstein geladen oder abgeladen werden.',
                        ],
                        [
                            'R5.4',
                            'Geladen und abgeladen wird entweder vor der Fahrt oder an ihrem Ende, nie unterwegs und nie beides.',
                        ],
                        [
                            'R5.5',
                            'An einer Fundstelle und zu einem Zeitpunkt darfst du abladen und dann laden (4 Punkte beim einfachen Kanu), aber keinen Edelstein einer Farbe, die dieses Kanu in diesem Zug abgeladen hat.',
                        ],
                        [
                            'R5.6',
                            'Ein in diesem Zug geladener Edelstein darf in diesem Zug nicht wieder abgeladen werden.',
                        ],
                        [
                            'R5.7',
                            'Jede Farbe darf an jeder Fundstelle abgeladen werden. Eine Fundstelle darf gemischte Farben haben; wer dort lädt, wählt aus.',
                        ],
                        [
                            'R5.8',
                            'Ein Kanu darf auch gar nicht fahren, wenn die Edelsteine alle Punkte verbrauchen (Karte 2 und einmal laden).',
                        ],
                        [
                            'R5.9',
                            'Ein Doppelkanu darf bis zu zwei Edelsteine abladen und bis zu zwei laden, alles an einer Fundstelle und zu einem Zeitpunkt, 2 Punkte je Edelstein.',
                        ],
                    ],
                },
                {
                    rule: 'R6',
                    title: 'Stehlen und an Land bringen',
                    short: 'Stehlen, an Land',
                    items: [
                        ['fig', 'steal'],
                        [
                            'R6.1',
                            'Ein Kanu darf stehlen, wenn es mindestens ein Feld flussaufwärts gepaddelt ist, dort mit allen Punkten angekommen ist, Platz hat, am Ende dieser Fahrt nicht geladen hat und nicht von einem Strudel abgetrieben wurde. Abladen vor der Fahrt hindert nicht; Abladen nach der Fahrt schon.',
                        ],
                        [
                            'R6.2',
                            'Es nimmt einen Edelstein aus dem beladenen Kanu eines anderen Spielers auf demselben Feld, kostenlos und nur, wenn du willst. Nie aus deinen eigenen Kanus, aus einem Kanu am Ufer (Lasso) oder an Land. Liegen dort mehrere beladene Kanus, wählst du.',
                        ],
                        [
                            'R6.3',
                            'Ein Doppelkanu mit zwei freien Plätzen darf zwei Edelsteine nehmen, aus einem Kanu oder aus zweien.',
                        ],
                        [
                            'R6.4',
                            'Ein Kanu, das flussabwärts fährt, stiehlt nie, und Kanus tauschen nie Edelsteine.',
                        ],
                        [
                            'R6.5',
                            'Ein bestohlenes Kanu hat wieder Platz: es darf später in dieser Runde laden oder stehlen, wenn sein Besitzer noch nicht dran war.',
                        ],
                        [
                            'R6.6',
                            '**An Land bringen.** Erreicht ein Kanu das Land, kommen seine Edelsteine in deine Sammlung, für alle sichtbar und für immer deine (außer zum Rückkauf eines Kanus). Anlegen kostet nichts, und auch ein leeres Kanu darf anlegen.',
                        ],
                    ],
                },
                {
                    rule: 'R7',
                    title: 'Das Wetter und das Tempo des Flusses',
                    short: 'Wetter, Tempo',
                    items: [
                        [
                            'R7.1',
                            '**Die Wolkenkarte.** Statt zu paddeln, versetzt du die Wolke auf der Wetterleiste um ein Feld nach oben oder unten (du musst sie versetzen, und sie bleibt zwischen −1 und +2). Keines deiner Kanus fährt, lädt oder stiehlt in diesem Zug.',
                        ],
                        [
                            'R7.2',
                            '**Das Tempo.** Der Fluss fließt so viele Felder weit wie die niedrigste in dieser Runde gespielte Zahlenkarte (1 bis 7) plus das Wetter nach Phase II. Wolke, Lasso und 1/2/3 sind keine Zahlenkarten; ohne jede Zahlenkarte ist das Tempo nur das Wetter. Bei 0 oder weniger steht der Fluss still.',
                        ],
                        ['R7.3', 'In Phase III macht der Fluss so viele Schritte (R2.4).'],
                        ['fig', 'flow'],
                        [
                            'R7.4',
                            'Während der Fluss fließt, paddelt, lädt, lädt ab oder stiehlt niemand.',
                        ],
                    ],
                },
                {
                    rule: 'R8',
                    title: 'Der Wasserfall',
                    short: 'Der Wasserfall',
                    items: [
                        [
                            'R8.1',
                            'Ein Kanu, dessen Scheibe hinabstürzt oder das über die Kante paddelt, ist verloren. Seine Edelsteine kehren an die Fundstellen ihrer Farben zurück.',
                        ],
                        ['R8.2', 'Ein verlorenes Kanu ist aus dem Spiel, bis du es zurückkaufst.'],
                        [
                            'R8.3',
                            'In Phase I darfst du ein verlorenes Kanu für einen Edelstein aus deiner Sammlung zurück an Land kaufen (der Edelstein kehrt an seine Fundstelle zurück): ein Edelstein je Kanu, und nur, wenn du willst.',
                        ],
                        [
                            'R8.4',
                            'Sind alle deine Kanus verloren und ist deine Sammlung leer, kommt zu Beginn von Phase I ein Kanu kostenlos zurück an Land (mit den Flussgeistern wählst du, welches).',
                        ],
                    ],
                },
                {
                    rule: 'R9',
                    title: 'Das Spielende',
                    short: 'Das Ende',
                    items: [
                        [
                            'R9.1',
                            'Eine Gewinnsammlung: 5 verschiedene Farben, oder 4 Edelsteine einer Farbe, oder 7 Edelsteine beliebiger Farben.',
                        ],
                        [
                            'R9.2',
                            'Hat jemand eine Gewinnsammlung, wird Phase II dieser Runde noch zu Ende gespielt (alle kommen noch an die Reihe), und dort endet das Spiel, bevor der Fluss fließt. Alle, die dann eine Gewinnsammlung haben, gewinnen.',
                        ],
                        [
                            'R9.3',
                            'Mit der Option „Stichentscheid“ werden mehrere Gewinner nach dem Wert ihrer Edelsteine gereiht (violett 1, farblos 2, gelb 3, blau 4, rot 5). Sie ist aus, wenn der Tisch sie nicht wählt.',
                        ],
                        [
                            'R9.4',
                            'Geben alle Spieler auf oder gehen, endet das Spiel ohne Gewinner.',
                        ],
                    ],
                },
            ],
        },
        {
            id: 'spirits',
            title: 'Flussgeister am Niagara (Erweiterung)',
            sections: [
                {
                    rule: 'R10',
                    title: 'Was die Erweiterung bringt',
                    short: 'Flussgeister',
                    items: [
                        [
                            'R10.1',
                            'Bis zu 6 Personen, je 10 Karten (die Karten des Grundspiels plus 7, Lasso und 1/2/3), je ein Doppelkanu, die Edelsteinzahlen aus R1.3 und drei neue Gestalten im Fluss.',
                        ],
                        ['fig', 'double'],
                        [
                            'p',
                            '**Die Karte 7.** Eine Zahlenkarte: sieben Punkte je Kanu, und sie zählt für das Tempo des Flusses.',
                        ],
                        [
                            'R10.2',
                            '**Der Strudel.** Eine besondere Scheibe, anfangs auf T3, die wie die anderen fließt; stürzt sie hinab, kommt sie als nächste Scheibe bei T1 wieder herein.',
                        ],
                        [
                            'R10.3',
                            'Kein Kanu darf auf dem Strudel bleiben. Flussabwärts darüber hinweg kostet nichts extra; flussaufwärts aus ihm heraus kostet 2 Punkte. Ein Kanu, dessen Fahrt auf ihm endet (flussaufwärts: auch wenn es dort seinen letzten Punkt verbraucht hat), wird sofort ein Feld flussabwärts getrieben: auf T5 wählt sein Besitzer den Arm, von L7 oder R7 stürzt es hinab. Ein abgetriebenes Kanu darf nicht stehlen und nach seiner Fahrt weder laden noch abladen.',
                        ],
                        [
                            'R10.4',
                            'Vor einer Fahrt, die auf dem Strudel endet, darfst du laden oder abladen; das Abtreiben folgt danach.',
                        ],
                        ['fig', 'whirlpool'],
                        [
                            'R10.5',
                            '**Lasso.** Deine Kanus im Fluss verbringen diese Runde am Ufer neben ihren Feldern: sie fließen nicht mit, können nicht bestohlen werden und weder laden noch abladen. Nach dem Fluss kommen sie an denselben Stellen zurück ins Wasser (wer dabei auf den Strudel kommt, wird weitergetrieben). Kanus an Land bleiben dort. Es ist keine Zahlenkarte.',
                        ],
                        ['fig', 'lasso'],
                        [
                            'R10.6',
                            '**1/2/3.** Bewege genau ein Kanu, vom Land oder im Fluss, mit 1, 2 oder 3 Punkten nach deiner Wahl (Laden erlaubt, wenn die Punkte reichen). Keine Zahlenkarte: sie bestimmt nicht das Tempo des Flusses.',
                        ],
                        [
                            'R10.7',
                            '**Der Badende Biber.** Jedes Mal, wenn das Wetter auf +2 gestellt wird und der Biber nicht im Fluss ist, springt er auf die Scheibe bei T1 (bei T2, wenn der Strudel auf T1 ist) und treibt mit. Stürzt seine Scheibe den Wasserfall hinab, fällt das Wetter zurück auf 0 (das schon berechnete Tempo dieser Runde bleibt).',
                        ],
                        ['fig', 'beaver'],
                        [
                            'R10.8',
                            '**Der Eilige Elch.** Er wartet an der roten Fundstelle. Zu Beginn deines Zuges, egal mit welcher Karte, darf ein Kanu von dir auf L7 oder R7 ihn aufnehmen, wenn niemand ihn hat. Dieses Kanu hat dann bei jeder Fahrt 2 Punkte mehr (3 bis 5 mit der Karte 1/2/3; dein anderes Kanu 1 bis 3). Niemand kann ihn stehlen oder abgeben. Legt sein Kanu an oder stürzt es hinab, kehrt der Elch nach dem nächsten Fluss zur roten Fundstelle zurück. Das Tempo des Flusses ändert er nie.',
                        ],
                        ['fig', 'elk'],
                    ],
                },
            ],
        },
        {
            id: 'joe',
            title: 'Diamond Joe (Variante)',
            sections: [
                {
                    rule: 'R11',
                    title: 'Diamond Joe',
                    short: 'Diamond Joe',
                    items: [
                        [
                            'R11.1',
                            'Diamond Joe (in der deutschen Ausgabe Diamanten-Joe) ist ein neutrales Kanu, das niemandem gehört und höchstens einen Edelstein trägt. Joe beginnt leer auf der Scheibe bei T1.',
                        ],
                        [
                            'R11.2',
                            'In Phase III, nach dem Fluss, lädt Joe, wenn er leer ist, einen Edelstein von der Fundstelle neben sich, falls dort einer liegt.',
                        ],
                        [
                            'R11.3',
                            'Dann paddelt er so viele Felder flussaufwärts, wie die Zahlenkarte des Startspielers zeigt (jede andere Karte: er bleibt). Erreicht er T1 mit übrigen Punkten, wendet er und fährt weiter flussabwärts, an der Gabelung in den rechten Arm. An Land geht er nie.',
                        ],
                        [
                            'R11.4',
                            'Stürzt er den Wasserfall hinab, kehrt sein Edelstein an seine Fundstelle zurück und er beginnt sofort wieder bei T1.',
                        ],
                        [
                            'R11.5',
                            'Am Ende deines Zuges darf ein Kanu von dir auf Joes Feld (auch wenn es nicht gefahren ist, aber nicht vom Ufer aus) kostenlos und nach Belieben: seinen Edelstein auf einen freien Platz *nehmen*, einen seiner Edelsteine gegen Joes *tauschen* oder ihm einen Edelstein *geben*, wenn er leer ist.',
                        ],
                        [
                            'R11.6',
                            'Joe wird nie bestohlen, blockiert niemanden und ist kein Spieler.',
                        ],
                        ['fig', 'joe'],
                    ],
                },
            ],
        },
        {
            id: 'table',
            title: 'An diesem Tisch',
            sections: [
                {
                    rule: 'R12',
                    title: 'Was der Online-Tisch hinzufügt',
                    short: 'Online-Tisch',
                    items: [
                        [
                            'R12.1',
                            'Jede Partie lässt sich aus ihren Optionen, ihrem Startwert und ihren Zügen genau nachspielen: das zeigen die Wiederholungen.',
                        ],
                        [
                            'R12.2',
                            'Deine Entscheidungen: Rückkäufe und die Karte (Phase I); der Elch, die Richtung des Wetters und die Fahrt jedes Kanus (Phase II); der Arm nach dem Abtreiben durch den Strudel; der Handel mit Diamond Joe. Der Tisch bietet nur erlaubte Züge an, und ein abgelehnter Zug sagt, welche Regel ihn verbietet.',
                        ],
                        [
                            'p',
                            'Wenn du dran bist, leuchten die Kanus, die fahren können: tippe eines an, dann ein leuchtendes Feld (oder das Land). Dieselben Möglichkeiten sind Knöpfe in deiner Entscheidung, und alle stehen auch in Worten da.',
                        ],
                        [
                            'p',
                            'Zeig auf eine Karte (oder halte sie gedrückt), um zu sehen, was sie tut. Das Protokoll neben dem Spielplan erzählt, was die anderen getan haben; ein kurzer Hinweis sagt dir, wenn dir etwas passiert. Eine Regelnummer in einer Meldung, etwa (R4.4), öffnet diese Übersicht an dieser Regel.',
                        ],
                        [
                            'p',
                            'Töne sind aus, bis du sie oben einschaltest. Das Chatfeld versteht auch Befehle wie `/help`.',
                        ],
                    ],
                },
            ],
        },
    ],
};
